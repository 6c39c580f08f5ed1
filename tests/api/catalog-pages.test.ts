/** Catalogue pages as served HTML, on SQLite and PostgreSQL: status codes, head content, structured data. */
import { describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';
import { stonesOf } from '../support/stones.ts';

// A stone of this file's own (tests/support/stones.ts): no other file sells, reserves or orders it.
const firstDiamond = stonesOf('catalog-pages')[0]!.id;
const setting = PRODUCTS.findIndex((p) => p.accepts) + 1;
const necklace = PRODUCTS.findIndex((p) => p.category === 'necklaces') + 1;

async function page(base: string, path: string) {
  const res = await fetch(base + path);
  const html = await res.text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return { status: res.status, html, canonical, description, ld: blocks };
}

describe.each(databases)('catalogue pages on $kind', ({ url }) => {
  it.each([
    ['/diamonds', '/diamonds', 'ItemList'],
    ['/diamonds/oval?df_carat_min=1&page=2', '/diamonds/oval?df_carat_min=1&page=2', 'ItemList'],
    ['/diamonds/lab-grown', '/diamonds/lab-grown', 'ItemList'],
    ['/engagement-rings', '/engagement-rings', 'ItemList'],
    ['/engagement-rings/halo?pf_metal=platinum', '/engagement-rings/halo?pf_metal=platinum', 'ItemList'],
    ['/engagement-rings/oval', '/engagement-rings/oval', 'ItemList'],
    ['/wedding-bands', '/wedding-bands', 'ItemList'],
    ['/jewellery/earrings', '/jewellery/earrings', 'ItemList'],
    [`/diamonds/${firstDiamond}`, `/diamonds/${firstDiamond}`, 'Product'],
    [`/build-your-own/diamonds/${firstDiamond}`, `/diamonds/${firstDiamond}`, 'Product'],
    [`/products/${setting}?metal=platinum`, `/products/${setting}`, 'Product'],
    [`/build-your-own/products/${setting}`, `/products/${setting}`, 'Product'],
  ])('%s has a canonical URL, a meta description and schema.org %s data', async (path, canonical, type) => {
    const p = await page(url, path);
    expect(p.status).toBe(200);
    expect(p.canonical).toBe(url + canonical);
    expect(p.description!.length).toBeGreaterThan(40);
    // The page's own block first, then its breadcrumb trail (tests/api/seo.test.ts checks the rest).
    expect(p.ld.map((b) => b['@type'])).toEqual([type, 'BreadcrumbList']);
    expect(p.ld[0]).toMatchObject({ '@context': 'https://schema.org', '@type': type });
    const offers = type === 'Product' ? [p.ld[0].offers] : p.ld[0].itemListElement.map((e: any) => e.item.offers);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', price: expect.stringMatching(/^\d+\.\d\d$/) });
    // A data block, never executable: the JSON-LD script is typed and holds nothing but the JSON.
    expect(p.html).toMatch(/<script type="application\/ld\+json">\{/);
  });

  it('the first diamond listing page is at most 100 KB of HTML, and still server-renders its cards, filters, histograms and menus', async () => {
    const p = await page(url, '/diamonds');
    expect(p.status).toBe(200);
    expect(Buffer.byteLength(p.html)).toBeLessThanOrEqual(100_000);
    // What a shopper (and a crawler) gets before any script runs: a page of cards with their links,
    expect(p.html.match(/class="diamond-card"/g)).toHaveLength(24);
    expect(p.html).toMatch(/<a href="\/diamonds\/\d+" class="diamond-card">/);
    // every filter group, the carat and price histograms,
    for (const legend of ['Shape', 'Origin', 'Cut', 'Colour', 'Clarity', 'Polish', 'Symmetry', 'Fluorescence', 'Lab'])
      expect(p.html).toContain(`>${legend}</legend>`);
    for (const unit of ['carat', 'price']) expect(p.html).toMatch(new RegExp(`data-testid="histogram-${unit}"><span data-count="\\d+"`));
    // the pagination, and the menus on both widths (desktop band and mobile drawer).
    expect(p.html).toContain('rel="next"');
    expect(p.html).toContain('<nav aria-label="Main"');
    expect(p.html).toContain('id="mobile-drawer"');
  });

  it.each([
    '/diamonds/not-a-shape',
    '/diamonds/99999999',
    '/products/99999999',
    '/products/not-a-product',
    `/build-your-own/products/${necklace}`,
    '/build-your-own/diamonds/1',
    '/engagement-rings/no-such-style',
  ])('%s is the not-found page with status 404', async (path) => {
    const p = await page(url, path);
    expect(p.status).toBe(404);
    expect(p.html).toContain('We could not find that page');
  });

  it('search escapes the query, ranks a certificate hit first and says when nothing matches', async () => {
    const hostile = await page(url, `/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(hostile.status).toBe(200);
    // The quote cannot close an attribute, and in text the markup is shown, not run.
    expect(hostile.html).not.toContain('"><script>alert(1)</script>');
    expect(hostile.html).toContain('Results for “&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;”');
    expect(hostile.html).toContain('No results for');

    // This file's own stone, which no other file can sell while the search runs.
    const stone = (await call(url, 'GET', `/catalog/api/diamonds/${firstDiamond}`)).body;
    const cert = stone.certificate_number;
    const byCert = await page(url, `/search?q=${cert.toLowerCase()}`);
    const firstLink = /<ol[^>]*aria-label="Search results"[\s\S]*?<a href="([^"]+)"/.exec(byCert.html)?.[1];
    expect(firstLink).toBe(`/diamonds/${firstDiamond}`);

    const rings = await page(url, '/search?q=solitaire');
    const titles = [...rings.html.matchAll(/<span class="block font-medium[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThanOrEqual(4);
    expect(titles.slice(0, 4).every((t) => /Solitaire/.test(t!))).toBe(true);
  });
});
