/**
 * The product listing island: server-rendered with its first page; once hydrated, filters (pf* in the
 * URL), sort and pages fetch from the catalogue, cancelling the request in flight.
 */
import { useRef, useState } from 'react';
import CheckChips, { type ChipOption } from '~/components/ui/CheckChips.tsx';
import FiltersToggle from '~/components/ui/FiltersToggle.tsx';
import ResultCount from '~/components/ui/ResultCount.tsx';
import Pagination from '~/components/ui/Pagination.tsx';
import RangeSlider from '~/components/ui/RangeSlider.tsx';
import ProductCard from './ProductCard.tsx';
import { fetchProducts } from './products.api.ts';
import { productHref, productStateFromParams, type ProductListingState } from './product-url.ts';
import { styleLabel, type MetalSwatch, type ProductCardData, type ProductFacets, type ProductFilters, type ProductPage, type ProductSort } from './product.ts';
import { swatchBackground } from './swatch.ts';
import { SHAPE_LABELS, SHAPES } from '~/features/diamonds/grades.ts';
import { useListing } from '~/lib/use-listing.ts';

interface Props {
  initial: ProductPage<ProductCardData>;
  initialState: ProductListingState;
  path: string;
  scope: { categoryIds: number[]; style?: string; shape?: string; isByo?: boolean; carat?: number };
  options: ProductFacets;
  metals: MetalSwatch[];
  /** Build-your-own mode: the selection's query, kept on every link; cards open the setting's step page. */
  lead?: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const SORTS: [ProductSort, 'asc' | 'desc', string][] = [
  ['price', 'asc', 'Price: low to high'],
  ['price', 'desc', 'Price: high to low'],
  ['name', 'asc', 'Name: A to Z'],
  ['newest', 'desc', 'Newest first'],
];

export default function ProductListing({ initial, initialState, path, scope, options, metals, lead }: Props) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const fixed: ProductFilters = {
    ...(scope.style && { style: [scope.style] }),
    ...(scope.shape && { shape: [scope.shape] }),
    ...(scope.carat !== undefined && { carat: scope.carat }),
  };
  const { state, result, busy, error, change } = useListing({
    initialState,
    initial,
    load: (next, signal) => fetchProducts(next, { categoryIds: scope.categoryIds, fixed, isByo: scope.isByo }, signal),
    hrefFor: (next) => productHref(path, next, lead),
    fromLocation: () => productStateFromParams(new URLSearchParams(location.search)),
  });
  const setFilters = (filters: ProductFilters) => change({ ...state, filters, page: 1 });
  // Another page opens at the top of the results, as the diamond listing's does (not where the pager was).
  const resultsTop = useRef<HTMLDivElement>(null);
  const goTo = (page: number) => {
    change({ ...state, page }, true);
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const set = (key: 'metal' | 'style' | 'shape', value: string[]) => setFilters({ ...state.filters, [key]: value.length ? value : undefined });
  /** One facet's chips, named pf_<facet> for the form's plain GET. */
  const chips = (facet: 'metal' | 'style' | 'shape', legend: string, options: ChipOption[]) => (
    <CheckChips legend={legend} name={`pf_${facet}`} compact selected={state.filters[facet] ?? []} onChange={(v) => set(facet, v)} options={options} />
  );
  const facets = result.facets;
  const styles = Object.keys(options.style).sort();
  const shapes = SHAPES.filter((s) => options.shape[s]);
  const price = options.price;
  const { total, total_pages } = result.meta;

  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <div>
        <FiltersToggle open={filtersOpen} controls="product-filters" onToggle={() => setFiltersOpen(!filtersOpen)} />
        <form
          id="product-filters"
          method="get"
          action={path}
          onSubmit={(e) => e.preventDefault()}
          aria-label="Product filters"
          className={`${filtersOpen ? 'block' : 'hidden'} mt-4 space-y-3 md:mt-0 md:block`}
        >
          {[...new URLSearchParams(lead ?? '')].map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          {chips(
            'metal',
            'Metal',
            metals.map((m) => ({
              value: m.code,
              label: `${m.admin_name} (${facets.metal[m.code] ?? 0})`,
              picture: (
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border border-primary/20"
                  style={{ background: swatchBackground(m.attribute_swatch_type, m.attribute_swatch_value) }}
                />
              ),
            })),
          )}
          {!scope.style &&
            styles.length > 1 &&
            chips(
              'style',
              'Style',
              styles.map((s) => ({ value: s, label: `${styleLabel(s)} (${facets.style[s] ?? 0})` })),
            )}
          {!scope.shape &&
            shapes.length > 0 &&
            chips(
              'shape',
              'Diamond shape',
              shapes.map((s) => ({ value: s, label: SHAPE_LABELS[s] })),
            )}
          {price && price.max > price.min && (
            <RangeSlider
              label="Price"
              unit="price"
              min={Math.floor(price.min / 10) * 10}
              max={Math.ceil(price.max / 10) * 10}
              step={10}
              scale="log"
              value={state.filters.price ?? {}}
              format={(v) => usd.format(v)}
              onChange={(v) => setFilters({ ...state.filters, price: v.min === undefined && v.max === undefined ? undefined : v })}
            />
          )}
          <noscript>
            <button type="submit" className="rounded-full bg-primary px-5 py-2 text-sm text-white">
              Apply filters
            </button>
          </noscript>
        </form>
      </div>
      <div ref={resultsTop} className="scroll-mt-28 md:scroll-mt-48">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
          <ResultCount count={total} noun={total === 1 ? 'piece' : 'pieces'} busy={busy} />
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-xs text-muted">Sort by</span>
            <select
              value={`${state.sort_by}:${state.sort_direction}`}
              onChange={(e) => {
                const [sort_by, sort_direction] = e.currentTarget.value.split(':') as [ProductSort, 'asc' | 'desc'];
                change({ ...state, sort_by, sort_direction, page: 1 });
              }}
              className="rounded border border-primary/25 px-2 py-1.5"
            >
              {SORTS.map(([s, d, label]) => (
                <option key={`${s}:${d}`} value={`${s}:${d}`}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error && (
          <p role="alert" className="mb-4 rounded bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
        )}
        {result.data.length ? (
          <ul aria-busy={busy} className={`grid grid-cols-2 gap-6 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}>
            {result.data.map((p, i) => (
              <li key={`${p.id}:${state.filters.metal?.join(',') ?? ''}`}>
                <ProductCard product={p} lead={lead} metals={state.filters.metal} eager={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded bg-ivory px-6 py-16 text-center font-serif text-2xl text-primary">No pieces match these filters</p>
        )}
        <Pagination
          page={state.page}
          totalPages={total_pages}
          hrefFor={(p) => productHref(path, { ...state, page: p }, lead)}
          onNavigate={goTo}
          label="Product result pages"
        />
      </div>
    </div>
  );
}
