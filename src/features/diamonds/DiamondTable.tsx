/**
 * The diamond results as a table (`view=table`): the grades as columns, and headers that sort the search
 * (the same sort_by / sort_direction as the sort menu). Each sortable header is a button inside a <th>
 * with aria-sort, so Tab, Enter and Space sort as a click does. Below the md breakpoint the rows become
 * a compact list (no sideways scrolling); the sort menu above does the sorting there.
 */
import { onHoldWords } from '~/lib/hold-words.ts';
import type { DiamondCard, DiamondSort, SortDirection } from './diamond-query.ts';
import { SHAPE_LABELS, type Shape } from './grades.ts';
import { GRADE_ATTRIBUTES, GRADE_LABELS, LISTED_GRADES, type GradeSort } from './grade-attributes.ts';
import { RANGE_ATTRIBUTES } from './attributes.ts';
import CompareToggle from '~/features/compare/CompareToggle.tsx';
import { compareItem } from './DiamondResults.tsx';

interface Props {
  diamonds: DiamondCard[];
  sortBy: DiamondSort;
  direction: SortDirection;
  onSort: (sortBy: DiamondSort, direction: SortDirection) => void;
  linkFor?: (d: DiamondCard) => string;
}

const isSort = (key: keyof typeof GRADE_ATTRIBUTES): key is GradeSort => 'sort' in GRADE_ATTRIBUTES[key];
type Column = { label: string; sort?: DiamondSort; cell: (d: DiamondCard) => string; className?: string };
const COLUMNS: Column[] = [
  { label: GRADE_LABELS.shape, cell: (d) => `${SHAPE_LABELS[d.shape as Shape] ?? d.shape}${d.origin === 'lab_grown' ? ' · Lab-grown' : ''}` },
  { label: RANGE_ATTRIBUTES.carat.name, sort: 'carat', cell: (d) => d.carat.toFixed(2) },
  // Cut, colour, clarity, lab: the grade attributes listed in the table (grade-attributes.ts).
  ...LISTED_GRADES.map((key): Column => ({ label: GRADE_LABELS[key], ...(isSort(key) && { sort: key }), cell: (d) => d[key] })),
  { label: 'Price per carat', sort: 'price_per_carat', cell: (d) => d.formated_price_per_carat },
  { label: RANGE_ATTRIBUTES.price.name, sort: 'price', cell: (d) => d.formated_price, className: 'font-semibold' },
];

/** The compact list below md: name and Compare on the first line, the grades and the price on the second. */
const MOBILE: Partial<Record<string, string>> = {
  first: 'max-md:order-0 max-md:basis-[calc(100%-7.5rem)] max-md:grow',
  price_per_carat: 'max-md:hidden',
  price: 'max-md:order-3 max-md:ml-auto',
};

export default function DiamondTable({ diamonds, sortBy, direction, onSort, linkFor }: Props) {
  return (
    <table className="w-full text-sm max-md:block" aria-label="Diamond results">
      <thead className="max-md:hidden">
        <tr className="border-b border-primary/20 text-left">
          {COLUMNS.map((c) => {
            const active = c.sort === sortBy;
            return (
              <th
                key={c.label}
                scope="col"
                aria-sort={c.sort ? (active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                className="px-2 py-2 font-medium whitespace-nowrap"
              >
                {c.sort ? (
                  <button
                    type="button"
                    onClick={() => onSort(c.sort!, active && direction === 'asc' ? 'desc' : 'asc')}
                    className={`inline-flex items-center gap-1 rounded hover:text-gold focus-visible:outline-2 focus-visible:outline-gold ${active ? 'text-primary' : 'text-muted'}`}
                  >
                    {c.label}
                    <span aria-hidden="true" className="w-3 text-xs">
                      {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                ) : (
                  <span className="text-muted">{c.label}</span>
                )}
              </th>
            );
          })}
          <th scope="col" className="px-2 py-2 font-medium text-muted">
            <span className="sr-only">Compare</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-2">
        {diamonds.map((d) => (
          <tr
            key={d.id}
            className="border-b border-primary/10 hover:bg-ivory max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-2 max-md:rounded max-md:border max-md:p-2"
          >
            {COLUMNS.map((c, i) => (
              <td
                key={c.label}
                className={`px-2 py-2 md:whitespace-nowrap max-md:p-0 ${c.className ?? ''} ${MOBILE[c.sort ?? (i === 0 ? 'first' : 'other')] ?? 'max-md:order-2'}`}
              >
                {i === 0 ? (
                  <>
                    <a href={linkFor ? linkFor(d) : d.url} className="font-medium underline-offset-4 hover:text-gold hover:underline">
                      <span className="sr-only">{d.carat.toFixed(2)} ct </span>
                      {c.cell(d)}
                    </a>
                    {d.on_hold_until && (
                      <span className="block text-xs text-amber-800" data-testid="diamond-on-hold">
                        {onHoldWords(d.on_hold_until)}
                      </span>
                    )}
                  </>
                ) : (
                  <>
                    {c.cell(d)}
                    {c.sort === 'carat' && <span className="md:hidden"> ct</span>}
                  </>
                )}
              </td>
            ))}
            <td className="px-2 py-1 max-md:order-1 max-md:w-28 max-md:p-0 max-md:text-right">
              <CompareToggle item={compareItem(d)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
