/**
 * What a diamonds listing route shows (server side): the slug narrows it (/diamonds/oval presets the
 * shape, /diamonds/lab-grown the origin), the URL's df* parameters do the rest, and the first page is
 * searched here so the list is in the HTML before any JavaScript runs.
 */
import type { ListingRoute } from '~/server/shop/routes.ts';
import { SHAPE_LABELS, SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import type { DiamondFilters, DiamondPage, RangeBounds } from '~/features/diamonds/diamond-query.ts';
import { DEFAULT_PAGE_SIZE } from '~/features/diamonds/diamond-query.ts';
import { stateFromParams, type DiamondListingState, type ListingPaths } from '~/features/diamonds/diamond-url.ts';
import { diamondBounds, searchDiamonds, type SearchTiming } from './diamonds.service.ts';
import { constrainFilters, isEmpty, selectionFromParams, selectionQuery, type SettingConstraint } from '~/features/byo/byo.ts';
import { constraintOf, loadBuild, type BuildView } from '~/server/byo/byo.service.ts';

export interface DiamondListing {
  title: string;
  description: string;
  paths: ListingPaths;
  state: DiamondListingState;
  page: DiamondPage;
  bounds: RangeBounds;
  /** Build-your-own mode (the URL names a setting or a diamond): the build so far. */
  byo?: BuildView;
  /** The chosen setting's limits, applied to every search of this listing. */
  constraint?: SettingConstraint;
}

const ORIGIN_SLUGS: Record<string, 'natural' | 'lab_grown'> = { natural: 'natural', 'lab-grown': 'lab_grown', lab_grown: 'lab_grown' };

/** The slug's preset and title words, or undefined for a slug that names nothing (a 404). */
export function diamondSlug(slug: string | undefined): { preset: DiamondFilters; words: string } | undefined {
  if (!slug) return { preset: {}, words: '' };
  const s = slug.toLowerCase();
  if ((SHAPES as readonly string[]).includes(s)) return { preset: { shape: [s] }, words: SHAPE_LABELS[s as Shape] };
  if (ORIGIN_SLUGS[s]) return { preset: { origin: [ORIGIN_SLUGS[s]!] }, words: s === 'natural' ? 'Natural' : 'Lab-Grown' };
  return undefined;
}

async function rangeBounds(): Promise<RangeBounds> {
  const b = await diamondBounds();
  return b && { ...b, price: { min: b.price.min / 100, max: b.price.max / 100 } };
}

/** The carat slider spans the setting's range in build-your-own mode. */
function narrowed(bounds: RangeBounds, constraint: SettingConstraint | undefined): RangeBounds {
  if (!bounds || !constraint) return bounds;
  return { ...bounds, carat: { min: Math.max(bounds.carat.min, constraint.carat.min), max: Math.min(bounds.carat.max, constraint.carat.max) } };
}

export async function diamondListing(route: ListingRoute, url: URL, base = '/diamonds', timing?: SearchTiming): Promise<DiamondListing | undefined> {
  const slug = diamondSlug(route.slug);
  if (!slug) return undefined;
  const state = stateFromParams(url.searchParams, slug.preset);
  const selection = selectionFromParams(url.searchParams);
  const byo = isEmpty(selection) ? undefined : await loadBuild(selection);
  const constraint = byo?.setting && constraintOf(byo.setting.product);
  const page = await searchDiamonds(
    {
      filters: constraint ? constrainFilters(state.filters, constraint) : state.filters,
      sort_by: state.sort_by,
      sort_direction: state.sort_direction,
      page_number: state.page,
      page_size: DEFAULT_PAGE_SIZE,
    },
    { base, timing },
  );
  const title = slug.words ? `${slug.words} Diamonds` : (route.item.admin_name ?? 'Diamonds');
  const count = page.meta.total.toLocaleString('en-US');
  return {
    title,
    description: `Search ${count} certified ${slug.words ? `${slug.words.toLowerCase()} ` : ''}diamonds by shape, carat, cut, colour, clarity and price. Every stone graded by GIA, IGI, AGS or HRD, with free insured shipping.`,
    paths: {
      prefix: `/${route.prefix}`,
      ...(route.slug && { slugPath: `/${route.prefix}/${route.slug}` }),
      preset: slug.preset,
      ...(byo && { lead: selectionQuery(byo.selection) }),
    },
    state,
    page,
    bounds: narrowed(await rangeBounds(), constraint),
    ...(byo && { byo }),
    ...(constraint && { constraint }),
  };
}
