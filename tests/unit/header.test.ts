/** Header rules: badges, search, hrefs under the base URL, swatches, paddings, query order. */
import { describe, expect, it } from 'vitest';
import raw from '~/content/shop.json';
import { badgeLabel, badgeText } from '~/features/header/badge.ts';
import { canSearch } from '~/features/header/search.ts';
import { columnsOf, headerOffsets, mainMenuOf, rootsOf, swatchOf, telHref, wishlistEnabled, withBase } from '~/features/shop/navigation.ts';
import { parseShopConfig } from '~/server/shop/shop-config.parse.ts';
import { hrefWithQuery, orderQuery } from '~/lib/query.ts';

const config = parseShopConfig(raw);

describe('count badges', () => {
  it('show nothing at zero, the count up to 99 and 99+ above', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1234)).toBe('99+');
  });
  it('put the full count in the link name', () => {
    expect(badgeLabel('Cart', 0)).toBe('Cart');
    expect(badgeLabel('Cart', 1)).toBe('Cart, 1 item');
    expect(badgeLabel('Cart', 120)).toBe('Cart, 120 items');
  });
});

describe('search rules', () => {
  it('desktop submits any non-blank text', () => {
    expect(canSearch('', 'desktop')).toBe(false);
    expect(canSearch('   ', 'desktop')).toBe(false);
    expect(canSearch('a', 'desktop')).toBe(true);
  });
  it('mobile submits more than 2 characters', () => {
    expect(canSearch('ab', 'mobile')).toBe(false);
    expect(canSearch('  ab  ', 'mobile')).toBe(false);
    expect(canSearch('abc', 'mobile')).toBe(true);
  });
});

describe('navigation', () => {
  it('puts hrefs under the base URL with a leading slash', () => {
    expect(withBase('/', 'engagement-rings')).toBe('/engagement-rings');
    expect(withBase('/', '/diamonds')).toBe('/diamonds');
    expect(withBase('/shop/', 'wedding-bands')).toBe('/shop/wedding-bands');
    expect(withBase('/shop', '/cart')).toBe('/shop/cart');
    expect(withBase('/', undefined)).toBe('/');
    expect(withBase('/shop/', 'https://example.com/x')).toBe('https://example.com/x');
    expect(withBase('/shop/', 'mailto:a@b.c')).toBe('mailto:a@b.c');
  });
  it('resolves the ids of a root column into entries', () => {
    const footer = rootsOf(config, 'footer')[0]!;
    const rows = columnsOf(config, footer).flatMap((c) => c.rows);
    expect(rows.map((r) => r.heading)).toEqual([undefined, undefined, 'Shop', 'Customer care', 'Stay in touch']);
    expect(rows[4]!.items.map((i) => i.view_type)).toEqual(['newsletter-signup', undefined]);
  });
  it('resolves the main menu the mega menu and the drawer show: roots, rows, swatches, hrefs under the base', () => {
    const menu = mainMenuOf(config, '/shop/');
    expect(menu.roots.map((r) => [r.name, r.href, r.isLink, r.columns.flat().length])).toEqual([
      ['Engagement Rings', '/shop/engagement-rings', true, 2],
      ['Diamonds', '/shop/diamonds', true, 2],
      ['Wedding Bands', '/shop/wedding-bands', true, 1],
      ['Fine Jewellery', '/shop/jewellery', true, 1],
      ['About', '/shop/about-us', false, 1],
    ]);
    const [shapes, origin] = menu.roots[1]!.columns[0]!;
    expect([shapes!.heading, origin!.heading]).toEqual(['Shop by shape', 'Origin']);
    expect(shapes!.links[0]).toEqual({ id: 201, name: 'Round', href: '/shop/diamonds/round', swatch: { kind: 'image', src: '/images/diamonds/round.svg' } });
    expect(menu.roots[2]!.columns[0]![0]!.links[0]).toMatchObject({
      name: 'White Gold',
      href: '/shop/wedding-bands?pf_metal=14k_white_gold',
      swatch: { kind: 'color', className: 'swatch-301' },
    });
    expect(menu.roots[4]!.columns[0]![0]!.links[0]).toEqual({ id: 501, name: 'Our story', href: '/shop/about-us', swatch: undefined });
    expect(menu.button).toEqual({ id: 60, name: 'Book an Appointment', href: '/shop/book-appointment', swatch: undefined });
  });
  it('links a root without a page of its own to the base, and marks it so the drawer leaves it out', () => {
    const bare = { ...config, navigation: [{ id: 1, type: 'main_menu' as const, is_root: true, admin_name: 'Gifts', columns: [] }] };
    expect(mainMenuOf(bare, '/')).toEqual({
      roots: [{ id: 1, name: 'Gifts', href: '/', hasPage: false, imageSrc: undefined, isLink: false, columns: [] }],
      button: undefined,
    });
  });
  it('reads swatches as images, plain colours or JSON gradients', () => {
    const byId = (id: number) => config.navigation.find((n) => n.id === id)!;
    expect(swatchOf(byId(201))).toEqual({ kind: 'image', src: '/images/diamonds/round.svg' });
    expect(swatchOf(byId(301))).toEqual({ kind: 'color', background: '#e4e4e1', className: 'swatch-301' });
    expect(swatchOf(byId(302))).toEqual({ kind: 'color', background: 'linear-gradient(135deg, #f6e3a1, #d4af37)', className: 'swatch-302' });
    expect(swatchOf(byId(101))).toBeUndefined();
  });
  it('shows the wishlist link when either wishlist option is on', () => {
    expect(wishlistEnabled(config)).toBe(true);
    expect(wishlistEnabled({ ...config, productsWishlistOption: false })).toBe(true);
    expect(wishlistEnabled({ ...config, productsWishlistOption: false, diamondsWishlistOption: false })).toBe(false);
  });
  it('dials the shop phone and pads the page below the header', () => {
    expect(telHref('+1 (212) 555-0148')).toBe('tel:+12125550148');
    expect(headerOffsets({ isToolbarHidden: false })).toEqual({ mobile: 88, desktop: 185 });
    expect(headerOffsets({ isToolbarHidden: true })).toEqual({ mobile: 88, desktop: 150 });
  });
});

describe('query order', () => {
  it('puts df* and pf* parameters after the others, keeping each group in order', () => {
    expect(orderQuery('df_shape=oval&page=2&pf_metal=platinum&sort=price&df_carat=1').toString()).toBe(
      'page=2&sort=price&df_shape=oval&pf_metal=platinum&df_carat=1',
    );
    expect(hrefWithQuery('/diamonds', 'df_shape=oval&q=x')).toBe('/diamonds?q=x&df_shape=oval');
    expect(hrefWithQuery('/diamonds', '')).toBe('/diamonds');
  });
});
