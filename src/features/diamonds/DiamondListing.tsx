/**
 * The diamond listing island. The server renders it with the first page already searched, so the list
 * shows before JavaScript; once hydrated, every change puts the search in the URL (df* parameters),
 * cancels the request in flight and asks the catalogue again. Back and forward restore the search.
 * Without JavaScript the filters are a plain GET form and the pages plain links.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import Pagination from '~/components/ui/Pagination.tsx';
import DiamondFilterPanel from './DiamondFilterPanel.tsx';
import DiamondResults from './DiamondResults.tsx';
import DiamondTable from './DiamondTable.tsx';
import { fetchDiamonds } from './diamonds.api.ts';
import { unpackPage, type PackedPage } from './card-pack.ts';
import {
  DIAMOND_SORTS,
  RANGE_FILTER_KEYS,
  type DiamondCard,
  type DiamondFilters,
  type DiamondPage,
  type DiamondSort,
  type RangeBounds,
} from './diamond-query.ts';
import { hrefFor, listingHref, DEFAULT_STATE, stateFromParams, type DiamondListingState, type ListingPaths } from './diamond-url.ts';
import { constrainFilters, type SettingConstraint } from '~/features/byo/setting-constraint.ts';
import { withQuery } from '~/lib/query.ts';
import { useListing } from '~/lib/use-listing.ts';
import { RANGE_ATTRIBUTES } from './attributes.ts';
import { GRADE_LABELS, GRADE_SORTS } from './grade-attributes.ts';

interface Props {
  /** The first page, its cards packed (card-pack.ts). */
  initial: PackedPage;
  initialState: DiamondListingState;
  paths: ListingPaths;
  bounds: RangeBounds;
  /** The chosen setting's limits (build-your-own mode with a setting chosen). */
  constraint?: SettingConstraint;
}

const SORT_LABELS: Record<DiamondSort, string> = {
  price: RANGE_ATTRIBUTES.price.name,
  carat: RANGE_ATTRIBUTES.carat.name,
  ...(Object.fromEntries(GRADE_SORTS.map((key) => [key, GRADE_LABELS[key]])) as Record<(typeof GRADE_SORTS)[number], string>),
  price_per_carat: 'Price per carat',
};
const isGrade = (s: DiamondSort) => (GRADE_SORTS as readonly string[]).includes(s);
/** The shopper's last choice of grid or table, for a listing URL that names none. */
const VIEW_KEY = 'aurelle:diamond-view';

export default function DiamondListing({ initial: packed, initialState, paths, bounds, constraint }: Props) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLDivElement>(null);
  const initial = useMemo(() => unpackPage(packed), [packed]);
  const { state, result, busy, error, change } = useListing<DiamondListingState, DiamondPage<DiamondCard>>({
    initialState,
    initial,
    load: (next, signal) => fetchDiamonds(constraint ? { ...next, filters: constrainFilters(next.filters, constraint) } : next, signal),
    hrefFor: (next) => hrefFor(paths, next),
    fromLocation: () => {
      const onSlug = paths.slugPath !== undefined && location.pathname.replace(/\/+$/, '') === paths.slugPath;
      return stateFromParams(new URLSearchParams(location.search), onSlug ? paths.preset : {});
    },
  });
  const setFilters = (filters: DiamondFilters) => change({ ...state, filters, page: 1 });
  const remember = (view: 'grid' | 'table') => {
    try {
      localStorage.setItem(VIEW_KEY, view);
    } catch {
      // Private mode: the URL still carries the view.
    }
  };
  const setView = (view: 'grid' | 'table') => {
    remember(view);
    const { view: _, ...rest } = state;
    change(view === 'table' ? { ...rest, view } : rest);
  };
  // A link to the table is remembered; a URL that names no view shows the one this shopper chose last.
  useEffect(() => {
    if (state.view === 'table') return remember('table');
    try {
      if (localStorage.getItem(VIEW_KEY) === 'table') change({ ...state, view: 'table' });
    } catch {
      // No storage: the grid.
    }
  }, []);
  const goTo = (page: number) => {
    change({ ...state, page }, true);
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const { total, total_pages } = result.meta;
  // Build-your-own mode (paths.lead, the selection): cards and rows open the stone's step page, keeping it.
  const linkFor = paths.lead ? (d: DiamondCard) => withQuery(`/build-your-own/diamonds/${d.id}`, paths.lead ?? '') : undefined;
  const direction = (asc: boolean) => (isGrade(state.sort_by) ? (asc ? 'Best first' : 'Best last') : asc ? 'Low to high' : 'High to low');

  return (
    <div className="grid gap-8 md:grid-cols-[18rem_1fr]">
      <div>
        <button
          type="button"
          className="w-full rounded-full border border-primary px-4 py-2 text-sm font-medium md:hidden"
          aria-expanded={filtersOpen}
          aria-controls="diamond-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {filtersOpen ? 'Hide filters' : 'Show filters'}
        </button>
        <form
          id="diamond-filters"
          method="get"
          action={paths.prefix}
          onSubmit={(e) => e.preventDefault()}
          className={`${filtersOpen ? 'block' : 'hidden'} mt-4 md:mt-0 md:block`}
          aria-label="Diamond filters"
        >
          {[...new URLSearchParams(paths.lead ?? '')].map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {state.view === 'table' && <input type="hidden" name="view" value="table" />}
          <DiamondFilterPanel
            filters={state.filters}
            facets={result.facets}
            histograms={result.histograms}
            bounds={bounds}
            onChange={setFilters}
            shapes={constraint?.shapes}
          />
          {RANGE_FILTER_KEYS.flatMap((k) =>
            (['min', 'max'] as const).map((side) =>
              state.filters[k]?.[side] !== undefined ? (
                <input key={`${k}-${side}`} type="hidden" name={`df_${k}_${side}`} value={state.filters[k]![side]} />
              ) : null,
            ),
          )}
          <div className="mt-4 flex items-center gap-3">
            <noscript>
              <button type="submit" className="rounded-full bg-primary px-5 py-2 text-sm text-white">
                Apply filters
              </button>
            </noscript>
            <a
              href={listingHref(paths.prefix, DEFAULT_STATE, paths.lead)}
              onClick={(e) => {
                e.preventDefault();
                setFilters({});
              }}
              className="text-sm underline underline-offset-4 hover:text-gold"
            >
              Clear all filters
            </a>
          </div>
        </form>
      </div>
      <div ref={resultsTop} className="scroll-mt-48">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
          <p role="status" aria-live="polite" className="text-sm">
            <strong className="text-lg">{total.toLocaleString('en-US')}</strong> {total === 1 ? 'diamond' : 'diamonds'}
            {busy && <span className="ml-2 text-muted">Updating…</span>}
          </p>
          <div className="flex flex-wrap items-end gap-3 text-sm">
            <div role="group" aria-label="Show results as" className="inline-flex rounded-full border border-primary/25 p-0.5 text-xs">
              {(['grid', 'table'] as const).map((v) => (
                <a
                  key={v}
                  href={hrefFor(paths, v === 'table' ? { ...state, view: 'table' } : { ...state, view: undefined })}
                  aria-current={(state.view ?? 'grid') === v ? 'true' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    setView(v);
                  }}
                  className={`rounded-full px-3 py-1.5 ${(state.view ?? 'grid') === v ? 'bg-primary text-white' : 'hover:text-gold'}`}
                >
                  {v === 'grid' ? 'Grid' : 'Table'}
                </a>
              ))}
            </div>
            <label className="flex flex-col gap-1">
              <span className="text-xs text-muted">Sort by</span>
              <select
                form="diamond-filters"
                name="sort_by"
                value={state.sort_by}
                onChange={(e) => change({ ...state, sort_by: e.currentTarget.value as DiamondSort, page: 1 })}
                className="rounded border border-primary/25 px-2 py-1.5"
              >
                {DIAMOND_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs text-muted">Order</span>
              <select
                form="diamond-filters"
                name="sort_direction"
                value={state.sort_direction}
                onChange={(e) => change({ ...state, sort_direction: e.currentTarget.value as 'asc' | 'desc', page: 1 })}
                className="rounded border border-primary/25 px-2 py-1.5"
              >
                <option value="asc">{direction(true)}</option>
                <option value="desc">{direction(false)}</option>
              </select>
            </label>
          </div>
        </div>
        {error && (
          <p role="alert" className="mb-4 rounded bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {state.view === 'table' && result.data.length ? (
            <DiamondTable
              diamonds={result.data}
              sortBy={state.sort_by}
              direction={state.sort_direction}
              onSort={(sort_by, sort_direction) => change({ ...state, sort_by, sort_direction, page: 1 })}
              linkFor={linkFor}
            />
          ) : (
            <DiamondResults diamonds={result.data} linkFor={linkFor} />
          )}
        </div>
        <Pagination
          page={state.page}
          totalPages={total_pages}
          hrefFor={(p) => hrefFor(paths, { ...state, page: p })}
          onNavigate={goTo}
          label="Diamond result pages"
        />
      </div>
    </div>
  );
}
