/** The slots of the chosen day as radio buttons (name="start", value = the UTC instant), in `timeZone`. */
import type { DaySlots } from './appointments.schema.ts';
import { formatTime } from './appointments.ts';

interface Props {
  day: DaySlots | null;
  timeZone: string;
  chosen: string;
  onChoose: (start: string) => void;
  loading: boolean;
  error?: string;
  errorId: string;
}

export default function SlotPicker({ day, timeZone, chosen, onChoose, loading, error, errorId }: Props) {
  const free = day?.slots.filter((s) => s.available) ?? [];
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-busy={loading}>
      <legend className="font-serif text-2xl text-primary">3. Choose a time</legend>
      {!day && <p className="mt-3 text-sm text-muted">Choose a day first.</p>}
      {day && !day.open && <p className="mt-3 text-sm text-ink">{day.reason}</p>}
      {day && day.open && free.length === 0 && <p className="mt-3 text-sm text-ink">Every time on this day is taken. Please choose another day.</p>}
      {day && day.open && (
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {day.slots.map((slot) => {
            const label = formatTime(slot.start, timeZone);
            const note = !slot.available ? (slot.seats_left === 0 ? 'fully booked' : 'no longer bookable') : slot.seats_left === 1 ? '1 place left' : null;
            return (
              <li key={slot.start}>
                <label
                  className={`flex cursor-pointer flex-col items-center rounded-lg border px-2 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${slot.available ? 'border-gray-400 text-primary' : 'cursor-not-allowed border-gray-200 text-gray-500'}`}
                >
                  <input
                    type="radio"
                    name="start"
                    value={slot.start}
                    className="sr-only"
                    disabled={!slot.available}
                    checked={chosen === slot.start}
                    onChange={() => onChoose(slot.start)}
                  />
                  <span className="font-medium">{label}</span>
                  {note && <span className="text-xs">{note}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
