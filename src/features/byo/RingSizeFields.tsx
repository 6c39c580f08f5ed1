/**
 * The ring size as a shopper gives it: a standard size from the list, or a custom size typed in (choosing
 * one clears the other). Shared by the build-your-own summary and the wishlist's "choose your size" form.
 */
import { useState, type Ref } from 'react';
import { CUSTOM_SIZE_HINT, STANDARD_SIZES } from './ring-size.ts';

/** The shopper's choice: a standard size or a custom one (at most one of them non-empty once they choose). */
export interface RingSize {
  size: string;
  custom: string;
  setSize: (size: string) => void;
  setCustom: (custom: string) => void;
}

export function useRingSize(initialSize = '', initialCustom = ''): RingSize {
  const [size, setSize] = useState(initialSize);
  const [custom, setCustom] = useState(initialCustom);
  return { size, custom, setSize, setCustom };
}

interface Props {
  /** The select's label ("Standard size", "Ring size (US)"). */
  sizeLabel: string;
  ring: RingSize;
  /** The id of the custom size's hint, unique on the page. */
  hintId: string;
  /** The classes of the select and the input. */
  controlClassName: string;
  /** Named `selected_size` and `custom_size` for a form that posts before JavaScript loads. */
  named?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
  /** Called with the standard size chosen (empty when none), after the custom size is cleared. */
  onSizeChosen?: (size: string) => void;
  onCustomBlur?: () => void;
}

export function RingSizeFields({ sizeLabel, ring, hintId, controlClassName, named, selectRef, onSizeChosen, onCustomBlur }: Props) {
  const { size, custom, setSize, setCustom } = ring;
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        <span>{sizeLabel}</span>
        <select
          ref={selectRef}
          name={named ? 'selected_size' : undefined}
          value={size}
          onChange={(e) => {
            setSize(e.currentTarget.value);
            if (e.currentTarget.value) setCustom('');
            onSizeChosen?.(e.currentTarget.value);
          }}
          className={controlClassName}
        >
          <option value="">Choose a size</option>
          {STANDARD_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span>Or a custom size</span>
        <input
          type="text"
          name={named ? 'custom_size' : undefined}
          value={custom}
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={hintId}
          onChange={(e) => {
            setCustom(e.currentTarget.value);
            if (e.currentTarget.value) setSize('');
          }}
          onBlur={onCustomBlur}
          className={controlClassName}
        />
        <span id={hintId} className="text-xs text-muted">
          Enter {CUSTOM_SIZE_HINT}.
        </span>
      </label>
    </>
  );
}
