/**
 * The shop configuration in the browser: the server writes it once per page into
 * `<script type="application/json" id="shop-config">` (the API's global setting, less the navigation
 * that the page carries as its menus); code in the browser reads it from there, parsed once, and never
 * fetches it.
 */
import type { PageShopConfig } from './shop-config.schema.ts';

export const SHOP_CONFIG_ELEMENT_ID = 'shop-config';

let cached: PageShopConfig | undefined;

export function getShopConfig(): PageShopConfig {
  if (cached) return cached;
  const element = document.getElementById(SHOP_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`The page has no #${SHOP_CONFIG_ELEMENT_ID} data block`);
  cached = JSON.parse(element.textContent) as PageShopConfig;
  return cached;
}
