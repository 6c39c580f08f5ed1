/**
 * A two-thumb range slider made of two native range inputs on one track: each thumb is a real
 * <input type="range"> with its own label, so arrows, Page Up/Down, Home and End work as everywhere.
 * A log scale suits prices that span $100 to $1,000,000. `value` ends left open (undefined) mean
 * "no limit on this side".
 */
import { useId, type CSSProperties, type ReactNode } from 'react';

export interface RangeValue {
  min?: number;
  max?: number;
}

interface Props {
  label: string;
  unit: string;
  min: number;
  max: number;
  step: number;
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  format: (value: number) => string;
  scale?: 'linear' | 'log';
  /** Bars above the track: how many items fall between consecutive edges (in value units). */
  histogram?: { edges: number[]; counts: number[] };
  /** Beside the label (e.g. a guidance button). */
  aside?: ReactNode;
}

const STEPS = 1000;

export default function RangeSlider({ label, unit, min, max, step, value, onChange, format, scale = 'linear', histogram, aside }: Props) {
  const id = useId();
  const log = scale === 'log' && min > 0;
  const toPos = (v: number) => (log ? Math.round((Math.log(v / min) / Math.log(max / min)) * STEPS) : v);
  const fromPos = (p: number) => {
    if (!log) return Math.round(p / step) * step;
    const v = min * Math.pow(max / min, p / STEPS);
    return Math.min(max, Math.max(min, Math.round(v / step) * step));
  };
  const [pMin, pMax] = log ? [0, STEPS] : [min, max];
  const lo = value.min ?? min;
  const hi = value.max ?? max;
  const loPos = Math.max(pMin, Math.min(pMax, toPos(lo)));
  const hiPos = Math.max(pMin, Math.min(pMax, toPos(hi)));
  const pct = (p: number) => ((p - pMin) / (pMax - pMin || 1)) * 100;
  const emit = (next: number, side: 'min' | 'max') => {
    const v = Number(fromPos(next).toFixed(6));
    const out: RangeValue = { ...value };
    if (side === 'min') out.min = v <= min ? undefined : Math.min(v, hi);
    else out.max = v >= max ? undefined : Math.max(v, lo);
    onChange(out);
  };
  // A bar's left and right in track percent, on the slider's own scale.
  const at = (v: number) => pct(log ? (Math.log(Math.max(v, min) / min) / Math.log(max / min)) * STEPS : v);
  const peak = histogram ? Math.max(1, ...histogram.counts) : 1;
  // .range-thumb and .histogram: src/styles/global.css. Percentages to 0.1 (a quarter pixel on a 250px track);
  // a bar's left, width and height go as custom properties (--l, --w, --h, in percent), a third shorter.
  const thumb = 'range-thumb';
  const thumbInput = (side: 'min' | 'max', position: number, shown: number, style?: CSSProperties) => (
    <input
      type="range"
      className={thumb}
      min={pMin}
      max={pMax}
      step={log ? 1 : step}
      value={position}
      style={style}
      aria-label={`${side === 'min' ? 'Minimum' : 'Maximum'} ${unit}`}
      aria-valuetext={format(shown)}
      onChange={(e) => emit(Number(e.currentTarget.value), side)}
    />
  );
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const percent = (n: number) => `${tenth(n)}%`;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="py-2">
      <div className="flex items-baseline justify-between text-sm">
        <span>
          <span id={`${id}-label`} className="font-medium">
            {label}
          </span>
          {aside}
        </span>
        <span className="text-muted" aria-hidden="true">
          {format(lo)} – {format(hi)}
        </span>
      </div>
      {histogram && histogram.counts.length > 0 && (
        <div className="histogram relative mx-2.5 mt-2 h-10" aria-hidden="true" data-testid={`histogram-${unit}`}>
          {histogram.counts.map((n, k) => {
            const left = Math.max(0, at(histogram.edges[k]!));
            const right = Math.min(100, at(histogram.edges[k + 1]!));
            if (n === 0 || right <= left) return null;
            const inside = histogram.edges[k + 1]! > lo && histogram.edges[k]! <= hi;
            return (
              <span
                key={k}
                data-count={n}
                data-selected={inside ? '' : undefined}
                style={{ '--l': tenth(left), '--w': tenth(right - left), '--h': Math.round(Math.max(6, Math.sqrt(n / peak) * 100)) } as CSSProperties}
              />
            );
          })}
        </div>
      )}
      <div className={`relative h-6 ${histogram?.counts.length ? '' : 'mt-2'}`}>
        <div className="absolute inset-x-0 top-2.5 h-1 rounded bg-primary/15" />
        <div className="absolute top-2.5 h-1 rounded bg-primary" style={{ left: percent(pct(loPos)), right: percent(100 - pct(hiPos)) }} />
        {/* Thumbs that meet: the one that can still move is on top. */}
        {thumbInput('min', loPos, lo, { zIndex: loPos > (pMin + pMax) / 2 ? 2 : 1 })}
        {thumbInput('max', hiPos, hi)}
      </div>
    </div>
  );
}
