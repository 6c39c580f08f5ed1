/**
 * The shop configuration in the browser: the server writes it once per page into
 * `<script type="application/json" id="shop-config">` (the spec's global setting); code in the browser
 * reads it from there, parsed once, and never fetches it.
 */
import type { ShopConfig } from './shop-config.schema.ts';

export const SHOP_CONFIG_ELEMENT_ID = 'shop-config';

let cached: ShopConfig | undefined;

export function getShopConfig(): ShopConfig {
  if (cached) return cached;
  const element = document.getElementById(SHOP_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error(`The page has no #${SHOP_CONFIG_ELEMENT_ID} data block`);
  cached = JSON.parse(element.textContent) as ShopConfig;
  return cached;
}
