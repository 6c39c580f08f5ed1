/**
 * The day picker: one month at a time once hydrated (every month, as plain links, before), each open day a
 * link to ?date=… so that it works without JavaScript. Keyboard: the chosen day is the one tab stop;
 * arrow keys move between open days (left/right by day, up/down by week), Home/End to the month's ends.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { CalendarDay, CalendarMonth } from './appointments.schema.ts';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

interface Props {
  months: CalendarMonth[];
  selected: string | null;
  hrefFor: (date: string) => string;
  onSelect: (date: string) => void;
  hydrated: boolean;
}

export default function DayCalendar({ months, selected, hrefFor, onSelect, hydrated }: Props) {
  const initialMonth = Math.max(
    0,
    months.findIndex((m) => m.weeks.flat().some((d) => d?.date === selected)),
  );
  const [monthIndex, setMonthIndex] = useState(initialMonth);
  const [focusDate, setFocusDate] = useState<string | null>(selected);
  const moveFocus = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const visible = hydrated ? [months[monthIndex]!] : months;
  const openIn = (m: CalendarMonth) => m.weeks.flat().filter((d): d is CalendarDay => !!d?.open);
  const tabStop = (m: CalendarMonth) => {
    const days = openIn(m);
    return days.find((d) => d.date === focusDate)?.date ?? days.find((d) => d.date === selected)?.date ?? days[0]?.date;
  };

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    root.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, monthIndex]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>, month: CalendarMonth) {
    const cells = month.weeks.flat();
    const current = cells.findIndex((d) => d?.date === (event.target as HTMLElement).dataset.date);
    if (current < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    let target: CalendarDay | undefined;
    if (step) {
      // The next open day that way; up/down land on the same weekday when it is open, else the next open day.
      for (let i = current + step; i >= 0 && i < cells.length; i += Math.sign(step)) {
        if (cells[i]?.open) {
          target = cells[i]!;
          break;
        }
      }
      // Past the month's last (or first) open day: on to the next (or previous) month.
      const other = hydrated && !target ? months[monthIndex + Math.sign(step)] : undefined;
      if (other) {
        target = step > 0 ? openIn(other)[0] : openIn(other).at(-1);
        if (target) setMonthIndex(monthIndex + Math.sign(step));
      }
    } else if (event.key === 'Home') target = openIn(month)[0];
    else if (event.key === 'End') target = openIn(month).at(-1);
    else return;
    event.preventDefault();
    if (target) {
      moveFocus.current = true;
      setFocusDate(target.date);
    }
  }

  function choose(event: MouseEvent<HTMLAnchorElement>, date: string) {
    event.preventDefault();
    setFocusDate(date);
    onSelect(date);
  }

  function goMonth(delta: number) {
    const next = monthIndex + delta;
    setMonthIndex(next);
    setFocusDate(tabStop(months[next]!) ?? null);
  }

  return (
    <div ref={root} className="space-y-6">
      {visible.map((month) => (
        <div key={month.key}>
          <div className="flex items-center justify-between gap-2">
            {hydrated && (
              <button
                type="button"
                onClick={() => goMonth(-1)}
                disabled={monthIndex === 0}
                className="rounded-full border border-gray-300 px-3 py-1 text-sm text-primary disabled:opacity-40"
                aria-label="Previous month"
              >
                ‹
              </button>
            )}
            <h3 id={`month-${month.key}`} className="font-serif text-xl text-primary" aria-live={hydrated ? 'polite' : undefined}>
              {month.label}
            </h3>
            {hydrated && (
              <button
                type="button"
                onClick={() => goMonth(1)}
                disabled={monthIndex === months.length - 1}
                className="rounded-full border border-gray-300 px-3 py-1 text-sm text-primary disabled:opacity-40"
                aria-label="Next month"
              >
                ›
              </button>
            )}
          </div>
          <table
            className="mt-3 w-full table-fixed border-collapse text-center text-sm"
            aria-labelledby={`month-${month.key}`}
            onKeyDown={(e) => onKeyDown(e, month)}
          >
            <thead>
              <tr>
                {WEEKDAY_NAMES.map((name) => (
                  <th key={name} scope="col" className="pb-2 text-xs font-medium text-muted">
                    <abbr title={name} className="no-underline">
                      {name.slice(0, 2)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => (
                    <td key={d} className="p-0.5">
                      {day && (
                        <DayCell
                          day={day}
                          selected={day.date === selected}
                          tabbable={!hydrated || day.date === tabStop(month)}
                          href={hrefFor(day.date)}
                          onClick={(e) => choose(e, day.date)}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

interface CellProps {
  day: CalendarDay;
  selected: boolean;
  tabbable: boolean;
  href: string;
  onClick: (e: MouseEvent<HTMLAnchorElement>) => void;
}

function DayCell({ day, selected, tabbable, href, onClick }: CellProps) {
  // A closed day is text, not a control: its full name is read from visually hidden text, since
  // aria-label on an element without a role is ignored by screen readers.
  if (!day.open) {
    return (
      <span className="block rounded-full py-2 text-gray-500 line-through">
        <span aria-hidden="true">{day.day}</span>
        <span className="sr-only">{`${day.label}, closed`}</span>
      </span>
    );
  }
  return (
    <a
      href={href}
      data-date={day.date}
      tabIndex={tabbable ? 0 : -1}
      aria-label={selected ? `${day.label}, selected` : day.label}
      onClick={onClick}
      className={`block rounded-full py-2 font-medium focus:outline-2 focus:outline-offset-2 focus:outline-primary ${selected ? 'bg-primary text-white' : 'text-primary hover:bg-ivory'}`}
    >
      {day.day}
    </a>
  );
}
