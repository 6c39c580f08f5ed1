/**
 * The editors' shop configuration, validated once per process. The JSON is bundled at build, where
 * astro.config.mjs has already validated it (shop-config-file.ts); parsing it again here makes a server
 * started from a hand-edited bundle refuse to serve rather than render half a shop.
 */
import raw from '~/content/shop.json';
import type { PageShopConfig, ShopConfig } from '~/features/shop/shop-config.schema.ts';
import { parseShopConfig } from './shop-config.parse.ts';
import { isDemoShop } from './shop-mode.ts';

export { formatPath } from './shop-config.parse.ts';

export const shopConfig: ShopConfig = parseShopConfig(raw);

/**
 * The configuration as the page's global setting: JSON for a `<script type="application/json">` data
 * block. It leaves out what only the server reads (markup, order and appointment rules) and the
 * navigation, which every page already carries as its rendered menus: a third copy of the menus was
 * 7.5 KB of every page that no script read. `app_demo` is whether this shop's database holds the demo
 * (src/server/shop/shop-mode.ts). `<` is escaped so that no text in the file can close the
 * block or open a comment.
 */
export function shopConfigJson(config: ShopConfig = shopConfig, demo: boolean = isDemoShop()): string {
  const { diamond_markup: _markup, orders: _orders, payments: _payments, tax: _tax, appointments: _appointments, navigation: _navigation, ...shared } = config;
  // A draft page is not public yet: its slug stays out of every page (it opens only with ?previewPage=true).
  const page: PageShopConfig = { ...shared, app_demo: demo, cmsPageRoutes: shared.cmsPageRoutes.filter((r) => r.status !== 'draft') };
  return JSON.stringify(page).replace(/</g, '\\u003c');
}
