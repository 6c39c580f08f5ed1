/** The diamond filters: shapes with their drawings, range sliders, grade chips, origin, and advanced ones. */
import CheckChips from '~/components/ui/CheckChips.tsx';
import RangeSlider, { type RangeValue } from '~/components/ui/RangeSlider.tsx';
import { CLARITIES, COLORS, CUTS, FINISHES, FLUORESCENCES, GRADE_LABELS, LABS, SHAPES, SHAPE_LABELS } from './grades.ts';
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

/** The list filters under "More filters". */
const ADVANCED_LISTS = ['polish', 'symmetry', 'fluorescence', 'lab'] as const;
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
  const advancedActive = [...ADVANCED_LISTS, ...ADVANCED_SLIDERS.map((s) => s.key)].some((k) => filters[k] !== undefined);
  return (
    <div className="space-y-3">
      <CheckChips
        legend={GRADE_LABELS.shape}
        tiles
        name="df_shape"
        selected={list('shape')}
        onChange={(v) => set('shape', v)}
        options={SHAPES.filter((s) => !shapes || shapes.includes(s)).map((s) => ({
          value: s,
          label: SHAPE_LABELS[s],
          hint: `${count(facets.shape[s])} diamonds`,
          picture: <img src={`/images/diamonds/${s}.svg`} alt="" width="36" height="36" className="size-9" />,
        }))}
      />
      {SLIDERS.map(slider)}
      <fieldset className="py-2">
        <legend className="float-left text-sm leading-6 font-medium">{GRADE_LABELS.origin}</legend>
        <GuideButton topic="origin" label={GRADE_LABELS.origin} />
        <div className="clear-left mt-2 flex w-fit rounded-full border border-primary/25 p-0.5 text-xs">
          {(
            [
              ['all', 'All'],
              ['natural', `Natural (${count(facets.origin.natural)})`],
              ['lab_grown', `Lab-grown (${count(facets.origin.lab_grown)})`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="relative cursor-pointer">
              <input
                type="radio"
                name="df_origin"
                value={value === 'all' ? '' : value}
                checked={origin === value}
                onChange={() => set('origin', value === 'all' ? undefined : [value])}
                className="peer toggle-input"
              />
              <span className="block rounded-full px-3 py-1.5 peer-checked:bg-primary peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-gold">
                {label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <CheckChips
        legend={GRADE_LABELS.cut}
        name="df_cut"
        compact
        aside={<GuideButton topic="cut" label={GRADE_LABELS.cut} />}
        selected={list('cut')}
        onChange={(v) => set('cut', v)}
        options={CUTS.map((g) => ({ value: g, label: g, hint: `${count(facets.cut[g])} diamonds` }))}
      />
      <CheckChips
        legend={GRADE_LABELS.color}
        name="df_color"
        compact
        aside={<GuideButton topic="color" label={GRADE_LABELS.color} />}
        selected={list('color')}
        onChange={(v) => set('color', v)}
        options={COLORS.map((g) => ({ value: g, label: g, hint: `${count(facets.color[g])} diamonds` }))}
      />
      <CheckChips
        legend={GRADE_LABELS.clarity}
        name="df_clarity"
        compact
        aside={<GuideButton topic="clarity" label={GRADE_LABELS.clarity} />}
        selected={list('clarity')}
        onChange={(v) => set('clarity', v)}
        options={CLARITIES.map((g) => ({ value: g, label: g, hint: `${count(facets.clarity[g])} diamonds` }))}
      />
      <details className="group border-t border-primary/10 pt-3" open={advancedActive}>
        <summary className="cursor-pointer text-sm font-medium">More filters</summary>
        <div className="mt-2 space-y-3">
          <CheckChips
            legend={GRADE_LABELS.polish}
            name="df_polish"
            compact
            aside={<GuideButton topic="polish" label={GRADE_LABELS.polish} />}
            selected={filters.polish ?? []}
            onChange={(v) => set('polish', v)}
            options={FINISHES.map((g) => ({ value: g, label: g }))}
          />
          <CheckChips
            legend={GRADE_LABELS.symmetry}
            name="df_symmetry"
            compact
            aside={<GuideButton topic="symmetry" label={GRADE_LABELS.symmetry} />}
            selected={filters.symmetry ?? []}
            onChange={(v) => set('symmetry', v)}
            options={FINISHES.map((g) => ({ value: g, label: g }))}
          />
          <CheckChips
            legend={GRADE_LABELS.fluorescence}
            name="df_fluorescence"
            compact
            aside={<GuideButton topic="fluorescence" label={GRADE_LABELS.fluorescence} />}
            selected={filters.fluorescence ?? []}
            onChange={(v) => set('fluorescence', v)}
            options={FLUORESCENCES.map((g) => ({ value: g, label: g }))}
          />
          <CheckChips
            legend={GRADE_LABELS.lab}
            name="df_lab"
            compact
            aside={<GuideButton topic="lab" label={GRADE_LABELS.lab} />}
            selected={list('lab')}
            onChange={(v) => set('lab', v)}
            options={LABS.map((g) => ({ value: g, label: `${g} (${count(facets.lab[g])})` }))}
          />
          {ADVANCED_SLIDERS.map(slider)}
        </div>
      </details>
    </div>
  );
}
