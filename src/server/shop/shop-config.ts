/**
 * The editors' shop configuration, validated once per process. The JSON is bundled at build, where
 * astro.config.mjs has already validated it (shop-config-file.ts); parsing it again here makes a server
 * started from a hand-edited bundle refuse to serve rather than render half a shop.
 */
import raw from '~/content/shop.json';
import type { PageShopConfig, ShopConfig } from '~/features/shop/shop-config.schema.ts';
import { parseShopConfig } from './shop-config.parse.ts';

export { parseShopConfig, ShopConfigError, SHOP_CONFIG_FILE, formatPath } from './shop-config.parse.ts';

export const shopConfig: ShopConfig = parseShopConfig(raw);

/**
 * The configuration as the page's global setting: JSON for a `<script type="application/json">` data
 * block. It leaves out what only the server reads (markup, order and appointment rules) and the
 * navigation, which every page already carries as its rendered menus: a third copy of the menus was
 * 7.5 KB of every page that no script read. `<` is escaped so that no text in the file can close the
 * block or open a comment.
 */
export function shopConfigJson(config: ShopConfig = shopConfig): string {
  const { diamond_markup: _markup, orders: _orders, payments: _payments, appointments: _appointments, navigation: _navigation, ...shared } = config;
  const page: PageShopConfig = shared;
  return JSON.stringify(page).replace(/</g, '\\u003c');
}
