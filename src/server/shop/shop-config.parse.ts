/** Validation of shop configuration data, with messages that point an editor at the line to fix. */
import { shopConfigSchema, type ShopConfig } from '~/features/shop/shop-config.schema.ts';

export const SHOP_CONFIG_FILE = 'src/content/shop.json';

export class ShopConfigError extends Error {
  override name = 'ShopConfigError';
}

/** `navigation[3].columns[0].rows[1]`: the path as an editor finds it in the file. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (!path.length) return '(the top level)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/**
 * Validates configuration data. On failure the error message starts with the file, then the path
 * inside it and what is wrong, one line per problem:
 *   src/content/shop.json at navigation[3].type: Invalid option: expected one of "top_banner"|…
 */
export function parseShopConfig(data: unknown, file = SHOP_CONFIG_FILE): ShopConfig {
  const result = shopConfigSchema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${file} at ${formatPath(issue.path)}: ${issue.message}`);
  throw new ShopConfigError(lines.join('\n'));
}
