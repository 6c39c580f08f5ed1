/**
 * Routes built from the shop configuration: each navigation entry flagged `is_link` with view type
 * `diamonds` or `products` is a listing at its slug prefix, optionally followed by one slug
 * (`/diamonds`, `/diamonds/oval`, `/engagement-rings/halo`). Other view types make no route.
 */
import type { NavItem, ShopConfig } from '~/features/shop/shop-config.schema.ts';
import { shopConfig } from './shop-config.ts';

export interface ListingRoute {
  view: 'diamonds' | 'products';
  prefix: string;
  slug: string | undefined;
  item: NavItem;
}

export function listingEntries(config: ShopConfig = shopConfig): NavItem[] {
  return config.navigation.filter((n) => n.is_link && (n.view_type === 'diamonds' || n.view_type === 'products') && n.slug_prefix);
}

/** The listing that a path names, or undefined. `path` has no query string; trailing slashes are ignored. */
export function resolveListing(path: string, config: ShopConfig = shopConfig): ListingRoute | undefined {
  const clean = path.replace(/\/+$/, '').replace(/^\/+/, '');
  for (const item of listingEntries(config)) {
    const prefix = item.slug_prefix!;
    if (clean === prefix) return { view: item.view_type as ListingRoute['view'], prefix, slug: item.slug, item };
    if (clean.startsWith(`${prefix}/`)) {
      const rest = clean.slice(prefix.length + 1);
      if (/^[a-z0-9_-]+$/i.test(rest)) return { view: item.view_type as ListingRoute['view'], prefix, slug: decodeURIComponent(rest), item };
    }
  }
  return undefined;
}
