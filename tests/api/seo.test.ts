/**
 * Being found, on SQLite and PostgreSQL: the sitemap index and every sitemap valid against the
 * sitemaps.org schemas (tests/support/*.xsd, xmllint compiled to WebAssembly: nothing to install), only
 * what a shopper can reach listed, a sold stone gone at the next read; robots.txt as a crawler reads it;
 * share cards and their PNG images on every page type; JSON-LD through a third-party checker
 * (structured-data-testing-tool with its Google, Twitter and Facebook presets); canonical URLs and
 * noindex on thin filter combinations.
 * A server of its own per database: this file sells, hides and reprices stones, and lowers the stones per
 * diamond sitemap (SITEMAP_DIAMONDS_PER_FILE=100) so that 400 stones make several files.
 */
import fs from 'node:fs';
import path from 'node:path';
import robotsParser from 'robots-parser';
import { structuredDataTest, type SdttResult } from 'structured-data-testing-tool';
import { Facebook, Google, Twitter } from 'structured-data-testing-tool/presets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { execSql } from '../support/sql.ts';
import { writeDb } from '../support/shopper.ts';
import { seededDiamonds } from '../support/catalog-fixtures.ts';

const DIAMONDS = 400;
const PER_FILE = 100;
const stones = seededDiamonds(DIAMONDS).filter((d) => d.available);
const schema = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(import.meta.dirname, '../support', name), 'utf8') });

async function valid(xml: string, xsd: 'sitemap.xsd' | 'siteindex.xsd', name: string) {
  const result = await validateXML({ xml: { fileName: name, contents: xml }, schema: schema(xsd) });
  expect(
    result.errors.map((e) => e.rawMessage),
    name,
  ).toEqual([]);
  expect(result.valid, name).toBe(true);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const urlEntries = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2] }));

/** `<meta property|name="key" content="…">` of a page, by key (repeatable keys keep their first value). */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags[m[1]!] ??= m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return tags;
}
const ldBlocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
/** The visible breadcrumb trail's names, as a shopper reads them. */
function visibleTrail(html: string): string[] {
  const nav = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<(a|span)(?![^>]*aria-hidden)[^>]*>([^<]*)<\/\1>/g)].map((m) => m[2]!.trim()).filter(Boolean);
}
/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ png: bytes.subarray(1, 4).toString('latin1') === 'PNG', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe.each(DB_KINDS.map((kind) => ({ kind })))('findable on $kind', ({ kind }) => {
  let url = '';
  let databaseUrl = '';
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: DIAMONDS, env: { SITEMAP_DIAMONDS_PER_FILE: String(PER_FILE) } });
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => server?.stop());

  const text = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url + p, { headers });
    return { res, body: await res.text() };
  };
  const sitemapOf = (id: number) => `/sitemaps/diamonds-${Math.ceil(id / PER_FILE)}.xml`;

  /** Every sitemap the index names, validated, with its URLs. */
  async function allSitemaps() {
    const index = await text('/sitemap.xml');
    expect(index.res.status).toBe(200);
    expect(index.res.headers.get('content-type')).toMatch(/^application\/xml/);
    await valid(index.body, 'siteindex.xsd', 'sitemap.xml');
    const files: Record<string, { loc: string; lastmod?: string }[]> = {};
    for (const loc of locs(index.body)) {
      expect(loc.startsWith(`${url}/sitemaps/`), loc).toBe(true);
      const file = await text(loc.slice(url.length));
      expect(file.res.status, loc).toBe(200);
      await valid(file.body, 'sitemap.xsd', loc);
      files[loc.slice(url.length)] = urlEntries(file.body);
      expect(files[loc.slice(url.length)]!.length).toBe(locs(file.body).length);
    }
    return files;
  }

  it('serves a sitemap index and sitemaps that validate, listing exactly what a shopper can reach', async () => {
    const files = await allSitemaps();
    const names = Object.keys(files);
    expect(names.slice(0, 2)).toEqual(['/sitemaps/pages.xml', '/sitemaps/products.xml']);
    for (const entries of Object.values(files)) {
      for (const e of entries) {
        expect(e.loc.startsWith(`${url}/`), e.loc).toBe(true);
        expect(e.lastmod, e.loc).toMatch(/^\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d))?$/);
      }
    }
    // Diamonds: the available, visible stones, each in the file of its id block, none over the limit.
    const listed = await execSql(databaseUrl, "SELECT id FROM diamonds WHERE status = 'available' AND is_hidden = 0 ORDER BY id");
    const diamondFiles = names.filter((n) => n.startsWith('/sitemaps/diamonds-'));
    expect(diamondFiles.length).toBeGreaterThan(2);
    const inSitemaps: number[] = [];
    for (const name of diamondFiles) {
      expect(files[name]!.length).toBeLessThanOrEqual(PER_FILE);
      for (const e of files[name]!) {
        const id = Number(/\/diamonds\/(\d+)$/.exec(e.loc)?.[1]);
        expect(sitemapOf(id)).toBe(name);
        inSitemaps.push(id);
      }
    }
    expect(inSitemaps).toEqual(listed.map((r) => Number(r.id)));
    // Products on sale, and only those.
    const onSale = await execSql(databaseUrl, 'SELECT id FROM products WHERE status = 1 ORDER BY id');
    expect(files['/sitemaps/products.xml']!.map((e) => e.loc)).toEqual(onSale.map((r) => `${url}/products/${r.id}`));
    // Pages: home, listings, published content pages; the draft is absent.
    const pages = files['/sitemaps/pages.xml']!.map((e) => e.loc.slice(url.length));
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/diamonds', '/diamonds/oval', '/engagement-rings', '/jewellery/earrings', '/about-us', '/diamond-education']),
    );
    expect(pages).not.toContain('/holiday-gift-guide');
    expect((await text('/holiday-gift-guide')).res.status).toBe(404);
    expect((await text('/sitemaps/diamonds-999.xml')).res.status).toBe(404);
    expect((await text('/sitemaps/nothing.xml')).res.status).toBe(404);
  });

  it('has every one of 200 sampled <loc>s answer 200', async () => {
    const all = Object.values(await allSitemaps())
      .flat()
      .map((e) => e.loc);
    expect(all.length).toBeGreaterThan(200);
    // Every k-th URL, from each kind of sitemap alike: deterministic, and spread over every file.
    const step = all.length / 200;
    const sample = Array.from({ length: 200 }, (_, i) => all[Math.floor(i * step)]!);
    // Eight at a time, as a crawler might: the answers are what counts, not their order.
    for (let i = 0; i < sample.length; i += 8) {
      const batch = sample.slice(i, i + 8);
      const statuses = await Promise.all(batch.map(async (loc) => (await fetch(loc, { redirect: 'manual' })).status));
      expect(Object.fromEntries(batch.map((loc, j) => [loc, statuses[j]]))).toEqual(Object.fromEntries(batch.map((loc) => [loc, 200])));
    }
  }, 180_000);

  it('drops a sold or hidden stone from its sitemap on the next read, and lists it again once it is back', async () => {
    const [sold, hidden] = [stones[10]!, stones[11]!];
    const first = await text(sitemapOf(sold.id));
    const etag = first.res.headers.get('etag')!;
    expect(first.res.headers.get('cache-control')).toBe('public, no-cache');
    expect(locs(first.body)).toContain(`${url}/diamonds/${sold.id}`);
    // Nothing changed: a conditional read is a 304.
    expect((await fetch(url + sitemapOf(sold.id), { headers: { 'if-none-match': etag } })).status).toBe(304);
    await writeDb(databaseUrl, async (db) => {
      await db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', sold.id).execute();
      await db.updateTable('diamonds').set({ is_hidden: 1 }).where('id', '=', hidden.id).execute();
    });
    try {
      const after = await fetch(url + sitemapOf(sold.id), { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      const body = await after.text();
      expect(locs(body)).not.toContain(`${url}/diamonds/${sold.id}`);
      expect(locs(body)).not.toContain(`${url}/diamonds/${hidden.id}`);
      await valid(body, 'sitemap.xsd', sitemapOf(sold.id));
    } finally {
      await writeDb(databaseUrl, async (db) => {
        await db.updateTable('diamonds').set({ status: 'available' }).where('id', '=', sold.id).execute();
        await db.updateTable('diamonds').set({ is_hidden: 0 }).where('id', '=', hidden.id).execute();
      });
    }
    expect(locs((await text(sitemapOf(sold.id))).body)).toEqual(expect.arrayContaining([`${url}/diamonds/${sold.id}`, `${url}/diamonds/${hidden.id}`]));
  });

  it('answers a robots.txt that allows the shop, blocks the private paths and names the sitemap', async () => {
    const { res, body } = await text('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = robotsParser(`${url}/robots.txt`, body);
    for (const p of [
      '/',
      '/diamonds',
      '/diamonds/oval',
      `/diamonds/${stones[0]!.id}`,
      '/products/1',
      '/engagement-rings/halo',
      '/about-us',
      '/search?q=ring',
      '/sitemap.xml',
    ]) {
      expect(robots.isAllowed(url + p, 'Googlebot'), p).toBe(true);
    }
    for (const p of [
      '/api/checkout/cart',
      '/api/customer/login',
      '/checkout',
      '/checkout/payment',
      '/cart',
      '/customer',
      '/customer/account/orders',
      '/wishlist',
      '/build-your-own/summary',
      '/build-your-own/summary?setting=1',
    ]) {
      expect(robots.isDisallowed(url + p, 'Googlebot'), p).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${url}/sitemap.xml`]);
  });

  /** The page types, each with what its share card and structured data must say. */
  const pageTypes = () => [
    { path: '/', type: 'website', ld: ['Organization', 'WebSite'] },
    { path: '/about-us', type: 'article', ld: ['BreadcrumbList'] },
    { path: '/diamonds', type: 'website', ld: ['ItemList', 'BreadcrumbList'] },
    { path: '/diamonds/oval', type: 'website', ld: ['ItemList', 'BreadcrumbList'] },
    { path: '/engagement-rings', type: 'website', ld: ['ItemList', 'BreadcrumbList'] },
    { path: `/diamonds/${stones[0]!.id}`, type: 'product', ld: ['Product', 'BreadcrumbList'] },
    { path: '/products/1?metal=18k_rose_gold', type: 'product', ld: ['Product', 'BreadcrumbList'] },
    { path: '/search?q=halo', type: 'website', ld: [] },
    { path: '/cart', type: 'website', ld: [] },
  ];

  it('gives every page type its Open Graph and Twitter tags, and each og:image is a 1200×630 PNG', async () => {
    for (const { path: p, type } of pageTypes()) {
      const { res, body } = await text(p);
      expect(res.status, p).toBe(200);
      const tags = metaTags(body);
      for (const key of [
        'og:title',
        'og:description',
        'og:url',
        'og:image',
        'og:image:alt',
        'og:site_name',
        'twitter:title',
        'twitter:description',
        'twitter:image',
      ])
        expect(tags[key], `${p} ${key}`).toBeTruthy();
      expect(tags['og:type'], p).toBe(type);
      expect(tags['og:site_name']).toBe('Aurelle');
      expect(tags['twitter:card'], p).toBe('summary_large_image');
      expect([tags['og:image:width'], tags['og:image:height']], p).toEqual(['1200', '630']);
      expect(tags['og:url']!.startsWith(`${url}/`), p).toBe(true);
      if (type === 'product') {
        expect(tags['product:price:amount'], p).toMatch(/^\d+\.\d\d$/);
        expect(tags['product:price:currency'], p).toBe('USD');
      } else expect(tags['product:price:amount'], p).toBeUndefined();
      const image = await fetch(tags['og:image']!);
      expect(image.status, tags['og:image']).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ png: true, width: 1200, height: 630 });
    }
  }, 60_000);

  it('prices the share image of a diamond and a product, and changes its address when the price changes', async () => {
    const stone = stones[12]!;
    const page = `/diamonds/${stone.id}`;
    const before = metaTags((await text(page)).body);
    expect(before['product:price:amount']).toBe((stone.price_cents / 100).toFixed(2));
    const image = await fetch(before['og:image']!);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = image.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetch(before['og:image']!, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await writeDb(databaseUrl, (db) =>
      db
        .updateTable('diamonds')
        .set({ price_cents: stone.price_cents + 10_000 })
        .where('id', '=', stone.id)
        .execute(),
    );
    try {
      const after = metaTags((await text(page)).body);
      expect(after['product:price:amount']).toBe(((stone.price_cents + 10_000) / 100).toFixed(2));
      expect(after['og:image']).not.toBe(before['og:image']);
      // The old address leads to the current image.
      const old = await fetch(before['og:image']!, { redirect: 'manual' });
      expect(old.status).toBe(302);
      expect(new URL(old.headers.get('location')!, url).href).toBe(after['og:image']);
    } finally {
      await writeDb(databaseUrl, (db) => db.updateTable('diamonds').set({ price_cents: stone.price_cents }).where('id', '=', stone.id).execute());
    }
    // Each metal of a product has its own image.
    const white = metaTags((await text('/products/1?metal=14k_white_gold')).body)['og:image']!;
    const rose = metaTags((await text('/products/1?metal=18k_rose_gold')).body)['og:image']!;
    expect(white).toMatch(/\/images\/share\/products\/1--14k_white_gold-[\w-]+\.png$/);
    expect(rose).toMatch(/\/images\/share\/products\/1--18k_rose_gold-[\w-]+\.png$/);
    expect((await fetch(`${url}/images/share/diamonds/99999999-abc.png`)).status).toBe(404);
    expect((await fetch(`${url}/images/share/nothing.png`)).status).toBe(404);
  });

  it('has JSON-LD on every page type that passes structured-data-testing-tool (Google, Twitter, Facebook presets)', async () => {
    for (const { path: p, ld } of pageTypes().filter((t) => t.ld.length)) {
      const { body } = await text(p);
      let result: SdttResult;
      try {
        result = await structuredDataTest(body, { presets: [Google, Twitter, Facebook], schemas: ld });
      } catch (error) {
        const failed = (error as { res?: SdttResult }).res?.failed ?? [];
        throw new Error(`${p}: ${failed.map((f) => `${f.test} (${f.error?.message ?? f.description})`).join('; ') || String(error)}`);
      }
      expect(result.failed, p).toEqual([]);
      expect(result.schemas, p).toEqual(expect.arrayContaining(ld));
      expect(
        ldBlocks(body).map((b) => b['@type']),
        p,
      ).toEqual(ld);
    }
  }, 60_000);

  it('uses the visible breadcrumb trail for BreadcrumbList, and describes the shop and its search on the home page', async () => {
    for (const p of ['/diamonds', '/diamonds/oval', '/engagement-rings', `/diamonds/${stones[0]!.id}`, '/products/1', '/about-us']) {
      const { body } = await text(p);
      const crumbs = ldBlocks(body).find((b) => b['@type'] === 'BreadcrumbList');
      const names = crumbs.itemListElement.map((e: { name: string }) => e.name);
      if (p !== '/about-us') expect(names, p).toEqual(visibleTrail(body));
      expect(names[0]).toBe('Home');
      for (const [i, e] of crumbs.itemListElement.entries()) {
        expect(e.position).toBe(i + 1);
        expect(e.item, `${p} ${e.name}`).toMatch(new RegExp(`^${url}/`));
      }
      expect(crumbs.itemListElement.at(-1).item).toBe(canonicalOf(body));
    }
    const [org, site] = ldBlocks((await text('/')).body);
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: 'Aurelle',
      url: `${url}/`,
      logo: expect.stringMatching(/^http/),
      contactPoint: { '@type': 'ContactPoint', telephone: expect.any(String), email: expect.any(String) },
      address: { '@type': 'PostalAddress', addressLocality: 'New York', addressRegion: 'NY', postalCode: '10036', addressCountry: 'US' },
    });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: `${url}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${url}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    const stone = ldBlocks((await text(`/diamonds/${stones[0]!.id}`)).body)[0];
    const props = Object.fromEntries(stone.additionalProperty.map((p: { name: string; value: unknown }) => [p.name, p.value]));
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['Lab', 'Certificate', 'Cut', 'Colour', 'Clarity', 'Carat']));
  });

  it('gives a filtered listing a canonical URL with sorted keys and no page=1, and noindex,follow when thin', async () => {
    const cases: [string, string, string | undefined][] = [
      ['/diamonds?page=1', '/diamonds', undefined],
      ['/diamonds?sort_by=carat&sort_direction=desc', '/diamonds', undefined],
      ['/diamonds?page=2', '/diamonds?page=2', undefined],
      ['/diamonds?df_origin=natural&page=1', '/diamonds?df_origin=natural', undefined],
      ['/wedding-bands?pf_metal=platinum', '/wedding-bands?pf_metal=platinum', undefined],
      ['/diamonds?page=2&df_shape=pear,oval&df_cut=ideal', '/diamonds?df_cut=ideal&df_shape=oval,pear&page=2', 'noindex,follow'],
      ['/diamonds/oval?df_carat_min=1&page=2', '/diamonds/oval?df_carat_min=1&page=2', 'noindex,follow'],
      ['/engagement-rings/halo?pf_metal=platinum&pf_style=halo', '/engagement-rings/halo?pf_metal=platinum&pf_style=halo', 'noindex,follow'],
      ['/diamonds?df_lab=hrd&df_shape=heart', '/diamonds?df_lab=hrd&df_shape=heart', 'noindex,follow'],
    ];
    for (const [p, canonical, robots] of cases) {
      const { res, body } = await text(p);
      expect(res.status, p).toBe(200);
      expect(canonicalOf(body), p).toBe(url + canonical);
      expect(metaTags(body).robots, p).toBe(robots);
      expect(metaTags(body)['og:url'], p).toBe(url + canonical);
    }
  });
});
