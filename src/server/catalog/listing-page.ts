/**
 * A configured listing route, loaded for its page: the diamonds or products listing, its title and
 * description, its canonical URL (the path, its filters with their keys and values sorted, and the page
 * when past the first; sorting and build-your-own parameters left out), whether it is a thin filter
 * combination (`noindex,follow`, see README "Search engines"), and its schema.org ItemList of the first
 * results and BreadcrumbList.
 */
import type { ListingRoute } from '~/server/shop/routes.ts';
import { diamondListing, type DiamondListing } from '~/server/diamonds/diamond-listing.ts';
import { productListing, type ProductListing } from '~/server/products/product-listing.ts';
import { breadcrumbStructuredData, itemListStructuredData } from './structured-data.ts';
import { listingTrail } from '~/server/seo/breadcrumbs.ts';

export type LoadedListing = ({ view: 'diamonds'; data: DiamondListing } | { view: 'products'; data: ProductListing }) & {
  title: string;
  description: string;
  canonical: string;
  /** `noindex,follow` for a thin filter combination, else undefined. */
  robots?: string;
  structuredData: unknown[];
};

/** The listing filters in a URL (`df_…`, `pf_…`) with non-empty values. */
function filtersOf(url: URL): [string, string][] {
  return [...url.searchParams].filter(([key, value]) => /^(df|pf)_[a-z_]+$/.test(key) && value.trim() !== '');
}

/** The canonical address: path, filters (keys sorted, list values sorted) and the page past the first. */
export function canonicalUrl(url: URL, path = url.pathname, page = 1): string {
  const canonical = new URL(path.replace(/(.)\/+$/, '$1'), url.origin);
  const params: [string, string][] = filtersOf(url).map(([key, value]) => [
    key,
    /_(min|max)$/.test(key)
      ? value.trim()
      : [
          ...new Set(
            value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          ),
        ]
          .sort()
          .join(','),
  ]);
  if (page > 1) params.push(['page', String(page)]);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Commas between list values stay as the listing writes them (df_shape=oval,pear).
  canonical.search = params.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/g, ',')}`).join('&');
  return canonical.href;
}

/** Fewer results than this make a filtered view thin. */
export const THIN_BELOW = 4;

/**
 * Thin filter combinations (README "Search engines"): any range filter (`_min`/`_max`), more than one
 * filter or more than one value in a filter, a build-your-own narrowing (`setting`, `diamond`) or mode (`start`), or a
 * filtered view with fewer than THIN_BELOW results. The listing itself, paged or not, and a view with
 * one value of one list filter (`?df_origin=natural`, `?pf_metal=platinum`) stay indexable.
 */
export function isThin(url: URL, total: number): boolean {
  const filters = filtersOf(url);
  if (url.searchParams.has('setting') || url.searchParams.has('diamond') || url.searchParams.has('start')) return true;
  if (filters.length === 0) return false;
  if (filters.length > 1 || filters.some(([key, value]) => /_(min|max)$/.test(key) || value.includes(','))) return true;
  return total < THIN_BELOW;
}

/** `timing` (the request's, App.Locals) receives the diamond search's parts for Server-Timing. */
export async function loadListing(route: ListingRoute, url: URL, timing?: Record<string, number>): Promise<LoadedListing | undefined> {
  if (route.view === 'diamonds') {
    const data = await diamondListing(route, url, '/diamonds', timing);
    if (!data) return undefined;
    const canonical = canonicalUrl(url, url.pathname, data.state.page);
    const items = data.page.data.map((d) => ({ name: d.name, url: d.url, image: d.image_url, price: d.price, sku: d.sku }));
    const trail = listingTrail(data.title, data.paths.slugPath ? { name: 'Diamonds', path: data.paths.prefix } : undefined);
    return {
      view: 'diamonds',
      data,
      title: data.title,
      description: data.description,
      canonical,
      robots: isThin(url, data.page.meta.total) ? 'noindex,follow' : undefined,
      structuredData: [itemListStructuredData(data.title, canonical, items, url.origin), breadcrumbStructuredData(trail, canonical, url.origin)],
    };
  }
  const data = await productListing(route, url);
  if (!data) return undefined;
  const canonical = canonicalUrl(url, url.pathname, data.state.page);
  const items = data.page.data.map((p) => ({ name: p.name, url: p.url, image: p.base_image.medium_image_url, price: p.price, sku: p.sku }));
  return {
    view: 'products',
    data,
    title: data.title,
    description: data.description,
    canonical,
    robots: isThin(url, data.page.meta.total) ? 'noindex,follow' : undefined,
    structuredData: [
      itemListStructuredData(data.title, canonical, items, url.origin),
      breadcrumbStructuredData(listingTrail(data.title), canonical, url.origin),
    ],
  };
}
