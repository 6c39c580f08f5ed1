/**
 * A group of toggle chips, each a real checkbox (Tab to reach, Space to toggle) inside a fieldset with
 * a legend. Named inputs, so that inside a plain GET form they submit without JavaScript.
 */
import type { ReactNode } from 'react';

export interface ChipOption {
  value: string;
  label: string;
  hint?: string;
  picture?: ReactNode;
}

interface Props {
  legend: string;
  name: string;
  options: ChipOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  compact?: boolean;
  /** Pictures above the label in equal tiles (shapes), or beside it in a pill (metal swatches). */
  tiles?: boolean;
  /** Beside the legend, outside it (so the group's name stays the legend): e.g. a guidance button. */
  aside?: ReactNode;
}

export default function CheckChips({ legend, name, options, selected, onChange, compact, tiles, aside }: Props) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="py-2">
      <legend className={`text-sm font-medium ${aside ? 'float-left leading-6' : ''}`}>{legend}</legend>
      {aside}
      <div
        className={`${aside ? 'clear-left' : ''} ${tiles ? 'mt-2 grid grid-cols-5 gap-1.5 md:grid-cols-4' : `mt-2 flex flex-wrap ${compact ? 'gap-1' : 'gap-2'}`}`}
      >
        {options.map((o) => (
          <label key={o.value} className={tiles ? 'chip-label block' : 'chip-label'} title={o.hint}>
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={selected.includes(o.value)}
              onChange={(e) => toggle(o.value, e.currentTarget.checked)}
              className="toggle-input"
            />
            {/* .chip, .chip-tile: src/styles/global.css */}
            <span className={tiles ? 'chip chip-tile' : compact ? 'chip' : 'chip px-3'}>
              {o.picture}
              <span>{o.label}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
