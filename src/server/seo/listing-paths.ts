/** The listing paths the menus link to (no query string), once each, in menu order. */
import { resolveListing } from '~/server/shop/routes.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';

export function listingPaths(): string[] {
  const paths = new Set<string>();
  for (const item of shopConfig.navigation) {
    if (!item.href || item.href.includes('?') || !item.href.startsWith('/')) continue;
    const path = item.href.replace(/(.)\/+$/, '$1');
    if (resolveListing(path)) paths.add(path);
  }
  return [...paths];
}
