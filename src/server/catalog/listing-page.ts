/**
 * A configured listing route, loaded for its page: the diamonds or products listing, its title and
 * description, its canonical URL (the path and page, without filters, so filtered views do not compete
 * with it) and its schema.org ItemList of the first results.
 */
import type { ListingRoute } from '~/server/shop/routes.ts';
import { diamondListing, type DiamondListing } from '~/server/diamonds/diamond-listing.ts';
import { productListing, type ProductListing } from '~/server/products/product-listing.ts';
import { itemListStructuredData } from './structured-data.ts';

export type LoadedListing = ({ view: 'diamonds'; data: DiamondListing } | { view: 'products'; data: ProductListing }) & {
  title: string;
  description: string;
  canonical: string;
  structuredData: unknown;
};

export function canonicalUrl(url: URL, path = url.pathname, page = 1): string {
  const canonical = new URL(path.replace(/(.)\/+$/, '$1'), url.origin);
  if (page > 1) canonical.searchParams.set('page', String(page));
  return canonical.href;
}

export async function loadListing(route: ListingRoute, url: URL): Promise<LoadedListing | undefined> {
  if (route.view === 'diamonds') {
    const data = await diamondListing(route, url);
    if (!data) return undefined;
    const canonical = canonicalUrl(url, url.pathname, data.state.page);
    const items = data.page.data.map((d) => ({ name: d.name, url: d.url, image: d.image_url, price: d.price, sku: d.sku }));
    return { view: 'diamonds', data, title: data.title, description: data.description, canonical, structuredData: itemListStructuredData(data.title, canonical, items, url.origin) };
  }
  const data = await productListing(route, url);
  if (!data) return undefined;
  const canonical = canonicalUrl(url, url.pathname, data.state.page);
  const items = data.page.data.map((p) => ({ name: p.name, url: p.url, image: p.base_image.medium_image_url, price: p.price, sku: p.sku }));
  return { view: 'products', data, title: data.title, description: data.description, canonical, structuredData: itemListStructuredData(data.title, canonical, items, url.origin) };
}
