/** The diamond filters: shapes with their drawings, range sliders, grade chips, origin, and advanced ones. */
import CheckChips from '~/components/ui/CheckChips.tsx';
import RangeSlider, { type RangeValue } from '~/components/ui/RangeSlider.tsx';
import { ORIGINS, SHAPES } from './grades.ts';
import { GRADE_ATTRIBUTES, GRADE_LABELS, GRADE_LIST, gradeName } from './grade-attributes.ts';
import GuideButton from './GuideButton.tsx';
import { RANGE_LIST } from './attributes.ts';
import type { DiamondFacets, DiamondFilters, DiamondHistograms, RangeBounds, RangeFilterKey } from './diamond-query.ts';

interface Props {
  filters: DiamondFilters;
  facets: DiamondFacets;
  /** Stones per carat and price bucket (every other filter applied): the sliders' bars. */
  histograms?: DiamondHistograms;
  bounds: RangeBounds;
  onChange: (filters: DiamondFilters) => void;
  /** The shapes on offer (build-your-own: those the chosen setting holds); every shape otherwise. */
  shapes?: readonly string[];
}

/** The grade attributes' chips (grade-attributes.ts): cut, colour and clarity up front, the others under "More filters". */
type Chips = (typeof GRADE_LIST)[number];
const CHIPS = GRADE_LIST.filter((a) => a.panel.kind === 'chips' && !a.panel.advanced);
const ADVANCED_CHIPS = GRADE_LIST.filter((a) => a.panel.kind === 'chips' && a.panel.advanced);
const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-US');

/** The range filters' sliders (attributes.ts): carat and price up front, the others under "More filters". */
type Slider = (typeof RANGE_LIST)[number];
const SLIDERS = RANGE_LIST.filter((a) => !a.advanced);
const ADVANCED_SLIDERS = RANGE_LIST.filter((a) => a.advanced);

/** Slider ends rounded outwards to the step, so every stone sits inside the track. */
function ends(bounds: RangeBounds, key: RangeFilterKey, step: number): [number, number] {
  const b = bounds?.[key] ?? { min: 0, max: 1 };
  const lo = Math.floor(b.min / step) * step;
  const hi = Math.ceil(b.max / step) * step;
  return [Number(lo.toFixed(4)), Number(hi.toFixed(4))];
}

export default function DiamondFilterPanel({ filters, facets, histograms, bounds, onChange, shapes }: Props) {
  const set = <K extends keyof DiamondFilters>(key: K, value: DiamondFilters[K]) => onChange({ ...filters, [key]: value });
  const list = (key: keyof typeof facets & keyof DiamondFilters) => (filters[key] as string[] | undefined) ?? [];
  const origin = filters.origin?.length === 1 ? filters.origin[0] : 'all';
  const slider = (s: Slider) => {
    const [min, max] = ends(bounds, s.key, s.step);
    return (
      <RangeSlider
        key={s.key}
        label={s.label}
        unit={s.unit}
        min={min}
        max={max}
        step={s.step}
        scale={s.scale}
        histogram={s.histogram ? histograms?.[s.key as keyof DiamondHistograms] : undefined}
        aside={s.guide ? <GuideButton topic={s.guide} label={s.name} /> : undefined}
        value={filters[s.key] ?? {}}
        format={s.format}
        onChange={(v: RangeValue) => set(s.key, v.min === undefined && v.max === undefined ? undefined : v)}
      />
    );
  };
  const chips = (a: Chips) => {
    const counts = a.facet === undefined ? undefined : (facets as Record<string, Record<string, number>>)[a.key];
    return (
      <CheckChips
        key={a.key}
        legend={a.label}
        name={`df_${a.key}`}
        compact
        aside={a.guide ? <GuideButton topic={a.guide} label={a.label} /> : undefined}
        selected={filters[a.key] ?? []}
        onChange={(v) => set(a.key, v)}
        options={a.grades.map((g) => {
          const label = gradeName(a.key, g);
          if (!counts) return { value: g, label };
          return a.panel.count === 'label' ? { value: g, label: `${label} (${count(counts[g])})` } : { value: g, label, hint: `${count(counts[g])} diamonds` };
        })}
      />
    );
  };
  const advancedActive = [...ADVANCED_CHIPS.map((a) => a.key), ...ADVANCED_SLIDERS.map((s) => s.key)].some((k) => filters[k] !== undefined);
  // The groups as one flat list of children, as when each was written out: React's ids (useId) follow their places.
  return (
    <div className="space-y-3">
      {[
        <CheckChips
          key="shape"
          legend={GRADE_LABELS.shape}
          tiles
          name="df_shape"
          selected={list('shape')}
          onChange={(v) => set('shape', v)}
          options={SHAPES.filter((s) => !shapes || shapes.includes(s)).map((s) => ({
            value: s,
            label: gradeName('shape', s),
            hint: `${count(facets.shape[s])} diamonds`,
            picture: <img src={`/images/diamonds/${s}.svg`} alt="" width="36" height="36" className="size-9" />,
          }))}
        />,
        SLIDERS.map(slider),
        <fieldset key="origin" className="py-2">
          <legend className="float-left text-sm leading-6 font-medium">{GRADE_LABELS.origin}</legend>
          <GuideButton topic={GRADE_ATTRIBUTES.origin.guide} label={GRADE_LABELS.origin} />
          <div className="clear-left mt-2 flex w-fit rounded-full border border-primary/25 p-0.5 text-xs">
            {[['all', 'All'], ...ORIGINS.map((o) => [o, `${gradeName('origin', o)} (${count(facets.origin[o])})`])].map(([value, label]) => (
              <label key={value} className="relative cursor-pointer">
                <input
                  type="radio"
                  name="df_origin"
                  value={value === 'all' ? '' : value}
                  checked={origin === value}
                  onChange={() => set('origin', value === 'all' ? undefined : [value!])}
                  className="peer toggle-input"
                />
                <span className="block rounded-full px-3 py-1.5 peer-checked:bg-primary peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-gold">
                  {label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>,
        ...CHIPS.map(chips),
        <details key="more" className="group border-t border-primary/10 pt-3" open={advancedActive}>
          <summary className="cursor-pointer text-sm font-medium">More filters</summary>
          <div className="mt-2 space-y-3">{[...ADVANCED_CHIPS.map(chips), ADVANCED_SLIDERS.map(slider)]}</div>
        </details>,
      ]}
    </div>
  );
}
