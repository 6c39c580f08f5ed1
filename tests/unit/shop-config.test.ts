/** The shop configuration: the shipped files are valid, and a broken file says where and what. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import raw from '~/content/shop.json';
import { parseShopConfig, ShopConfigError } from '~/server/shop/shop-config.parse.ts';
import { assertShopFiles, checkPagesAgainstConfig, readShopConfigFile } from '~/server/shop/shop-config-file.ts';
import { themeCss } from '~/server/shop/theme.ts';

const root = path.resolve(import.meta.dirname, '../..');
const clone = () => structuredClone(raw) as any;
const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ShopConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ShopConfigError');
};

describe('shop configuration', () => {
  it('accepts the shipped shop.json and content pages', () => {
    const config = assertShopFiles(root);
    expect(config.shop_name).toBe('Aurelle');
    expect(config.cmsPageRoutes.map((r) => r.slug)).toContain('privacy-policy');
  });

  it('names the file, the path inside it and what is wrong', () => {
    const data = clone();
    data.navigation[3].type = 'mega_menu';
    const message = messageOf(() => parseShopConfig(data));
    expect(message).toMatch(
      /^src\/content\/shop\.json at navigation\[3\]\.type: Invalid option: expected one of "top_banner"\|"main_menu"\|"menu_button"\|"footer"$/,
    );
  });

  it('lists every problem, one line each', () => {
    const data = clone();
    data.phone = '';
    data.themeOverrides.primary = 'navy';
    delete data.app_version;
    const lines = messageOf(() => parseShopConfig(data)).split('\n');
    expect(lines).toEqual([
      'src/content/shop.json at phone: must be a phone number',
      'src/content/shop.json at app_version: Invalid input: expected string, received undefined',
      'src/content/shop.json at themeOverrides.primary: must be a hex colour such as #1d2a3f',
    ]);
  });

  it('refuses a misspelt key rather than ignoring it', () => {
    const data = clone();
    data.navigation[0].is_lnk = true;
    expect(messageOf(() => parseShopConfig(data))).toBe('src/content/shop.json at navigation[0]: Unrecognized key: "is_lnk"');
  });

  it('checks the ids that columns name, listings without a prefix and content routes', () => {
    const data = clone();
    const engagement = data.navigation.findIndex((n: any) => n.id === 10);
    data.navigation[engagement].columns[0].rows[0].nav_items.push(999);
    const diamonds = data.navigation.findIndex((n: any) => n.id === 20);
    delete data.navigation[diamonds].slug_prefix;
    data.cmsPageRoutes[0].href = '/about';
    data.cmsPageRoutes[1].slug = 'cart';
    data.cmsPageRoutes[1].href = '/cart';
    const message = messageOf(() => parseShopConfig(data));
    expect(message).toContain(`src/content/shop.json at navigation[${engagement}].columns[0].rows[0].nav_items[4]: no navigation entry has id 999`);
    expect(message).toContain(`src/content/shop.json at navigation[${diamonds}].slug_prefix: a diamonds listing needs a slug_prefix`);
    expect(message).toContain('src/content/shop.json at cmsPageRoutes[0].href: must be /about-us: content pages live at /{slug}');
    expect(message).toContain('src/content/shop.json at cmsPageRoutes[1].slug: cart is already a route of the shop');
  });

  it('reports a JSON syntax error with the file, line and column', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-config-'));
    const file = path.join(dir, 'shop.json');
    fs.writeFileSync(file, '{\n  "shop_name": "Aurelle",\n  "phone" "+1"\n}\n');
    const message = messageOf(() => readShopConfigFile(file, 'src/content/shop.json'));
    expect(message).toMatch(/^src\/content\/shop\.json at line 3, column 11: not valid JSON/);
    fs.rmSync(dir, { recursive: true });
  });

  it('keeps cmsPageRoutes and the content pages in step', () => {
    const config = parseShopConfig(raw);
    const pages = [
      { file: 'src/content/pages/about-us.md', slug: 'about-us', status: 'draft' },
      { file: 'src/content/pages/new.md', slug: 'new-page', status: 'published' },
    ];
    const problems = checkPagesAgainstConfig(config, pages, 'src/content/shop.json');
    expect(problems).toContain('src/content/shop.json at cmsPageRoutes[0].status: is published but src/content/pages/about-us.md says draft');
    expect(problems).toContain('src/content/shop.json at cmsPageRoutes[1].slug: no content page has slug shipping-and-returns');
    expect(problems).toContain('src/content/shop.json at cmsPageRoutes: src/content/pages/new.md (slug new-page) is missing from the list');
  });

  it('turns themeOverrides into Tailwind theme variables', () => {
    expect(themeCss({ primary: '#123456', fontSans: 'Montserrat', fontSerif: 'Amiri' })).toBe(
      ':root{--color-primary:#123456;--font-sans:"Montserrat", ui-sans-serif, system-ui, sans-serif;--font-serif:"Amiri", Georgia, "Times New Roman", serif}',
    );
    expect(themeCss({})).toBe('');
    const data = clone();
    data.themeOverrides.fontSans = 'x;}body{display:none';
    expect(messageOf(() => parseShopConfig(data))).toBe(
      'src/content/shop.json at themeOverrides.fontSans: must be a plain font family name such as Montserrat',
    );
  });
});
