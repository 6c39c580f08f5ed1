/**
 * The diamond catalogue as an API client sees it, on SQLite and PostgreSQL: the whole live inventory
 * is fetched page by page once, and every filtered search is checked against it (each stone satisfies
 * each filter, totals and facets agree, sorts hold across pages). Bad input gets a 400 that names the
 * parameter. The index follows changes made straight in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { execSql } from '../support/sql.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { SEED } from '~/server/db/seed/seed.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';
import { CLARITIES, COLORS, CUTS } from '~/features/diamonds/grades.ts';
import { ELONGATED } from '~/server/images/diamond-svg.ts';
import { FACET_KEYS, LIST_FILTERS, LIST_FILTER_KEYS, RANGE_FILTER_KEYS, type Diamond, type DiamondFilters } from '~/features/diamonds/diamond-query.ts';

const SEEDED = 3000;
const seeded = (() => {
  const rng = createRng(SEED);
  return Array.from({ length: SEEDED }, (_, i) => generateDiamond(rng, i, PRODUCTS.length + 1 + i, 'x'));
})();
const api = (filters: DiamondFilters = {}, extra: Record<string, string | number> = {}) =>
  `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) })}`;

const value = (d: Diamond, key: string) => (d as any)[key] as number;
function passes(d: Diamond, f: DiamondFilters, except?: string): boolean {
  for (const key of LIST_FILTER_KEYS) if (key !== except && f[key]?.length && !f[key]!.includes((d as any)[key])) return false;
  for (const key of RANGE_FILTER_KEYS) {
    const r = f[key];
    if (!r || key === except) continue;
    if ((r.min !== undefined && value(d, key) < r.min) || (r.max !== undefined && value(d, key) > r.max)) return false;
  }
  return true;
}
const rank = (list: readonly string[]) => (v: string) => list.indexOf(v);
const KEY: Record<string, (d: Diamond) => number> = {
  price: (d) => d.price,
  carat: (d) => d.carat,
  cut: (d) => rank(CUTS)(d.cut),
  color: (d) => rank(COLORS)(d.color),
  clarity: (d) => rank(CLARITIES)(d.clarity),
  // In cents, as the server divides, so that equal ratios compare equal.
  price_per_carat: (d) => Math.round(d.price * 100) / d.carat,
};

const SEARCHES: DiamondFilters[] = [
  { shape: ['oval', 'round'] },
  { shape: ['cushion'], carat: { min: 1, max: 2 } },
  { cut: ['Ideal', 'Excellent'], color: ['D', 'E', 'F'], clarity: ['VS1', 'VS2', 'VVS2'] },
  { origin: ['lab_grown'], price: { max: 2500 } },
  { origin: ['natural'], lab: ['GIA'], price: { min: 5000, max: 40000 }, carat: { min: 0.9 } },
  { polish: ['Excellent'], symmetry: ['Excellent'], fluorescence: ['None', 'Faint'] },
  { depth: { min: 60, max: 63 }, table: { min: 54, max: 60 }, lw_ratio: { max: 1.02 } },
  { shape: ['emerald', 'asscher', 'radiant'], lw_ratio: { min: 1.2, max: 1.5 }, color: ['G', 'H', 'I'] },
  { shape: ['heart'], cut: ['Fair'], clarity: ['FL'] },
  { carat: { min: 4.5 }, price: { max: 500 } },
];

describe.each(DB_KINDS.map((kind) => ({ kind })))('diamond catalogue on $kind', ({ kind }) => {
  // A server of its own: the other suites reserve and sell stones on the shared servers, and this file
  // checks every answer against the whole live inventory.
  let url = '';
  let databaseUrl = '';
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind);
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => server?.stop());
  let all: Diamond[] = [];

  beforeAll(async () => {
    for (let page = 1; ; page++) {
      const res = await call(url, 'GET', api({}, { page_number: page, page_size: 100 }));
      expect(res.status).toBe(200);
      all.push(...res.body.data);
      if (page >= res.body.meta.total_pages) break;
    }
  });

  it('lists every available, visible stone of the database exactly once, and nothing else', () => {
    const expected = seeded.filter((d) => d.status === 'available' && !d.is_hidden).map((d) => d.id);
    expect(all.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a! - b!));
    expect(all.every((d) => d.status === 'available' && d.is_available)).toBe(true);
  });

  it('answers a stone with the fields a client reads, prices in dollars and en-US strings', () => {
    const d = all.find((x) => x.id === seeded.find((s) => s.status === 'available' && !s.is_hidden)!.id)!;
    const row = seeded.find((s) => s.id === d.id)!;
    expect(d).toMatchObject({
      sku: row.sku,
      shape: row.shape,
      carat: row.carat,
      cut: row.cut,
      color: row.color,
      clarity: row.clarity,
      polish: row.polish,
      symmetry: row.symmetry,
      fluorescence: row.fluorescence,
      lab: row.lab,
      certificate_number: row.certificate_number,
      origin: row.origin,
      depth: row.depth,
      table: row.table_pct,
      lw_ratio: row.lw_ratio,
      measurements: { length: row.length_mm, width: row.width_mm, depth: row.depth_mm },
      price: row.price_cents / 100,
      status: 'available',
      image_url: (ELONGATED as readonly string[]).includes(row.shape)
        ? `/images/diamonds/${row.shape}-${Math.round(row.lw_ratio * 100)}.svg`
        : `/images/diamonds/${row.shape}.svg`,
      url: `/diamonds/${row.id}`,
    });
    expect(d.formated_price).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(row.price_cents / 100));
    expect(d.price_per_carat).toBeCloseTo(row.price_cents / 100 / row.carat, 2);
    expect(d.formated_price_per_carat).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(d.images[0]!.medium_image_url).toBe(d.image_url);
  });

  it.each(SEARCHES.map((f, i) => [i, f] as const))(
    'search %i: every stone satisfies every filter; total and facets agree with the data',
    async (_, filters) => {
      const res = await call(url, 'GET', api(filters, { page_size: 100 }));
      expect(res.status).toBe(200);
      const matching = all.filter((d) => passes(d, filters));
      expect(res.body.meta).toEqual({ page_number: 1, page_size: 100, total: matching.length, total_pages: Math.ceil(matching.length / 100) });
      expect(res.body.data.length).toBe(Math.min(100, matching.length));
      for (const d of res.body.data as Diamond[]) expect(passes(d, filters), `stone ${d.id}`).toBe(true);
      for (const key of FACET_KEYS) {
        const expected = Object.fromEntries(LIST_FILTERS[key].map((g) => [g, all.filter((d) => (d as any)[key] === g && passes(d, filters, key)).length]));
        expect(res.body.facets[key], key).toEqual(expected);
      }
      for (const key of ['carat', 'price'] as const) {
        const values = all.filter((d) => passes(d, filters, key)).map((d) => d[key]);
        expect(res.body.facets[key], key).toEqual(values.length ? { min: Math.min(...values), max: Math.max(...values) } : null);
      }
    },
  );

  it.each(SEARCHES.map((f, i) => [i, f] as const))(
    'search %i: the carat and price histograms count every other filter, on the same edges',
    async (_, filters) => {
      const [res, plain] = await Promise.all([call(url, 'GET', api(filters, { page_size: 1, sort_by: 'carat', page_number: 2 })), call(url, 'GET', api())]);
      expect(res.status).toBe(200);
      for (const key of ['carat', 'price'] as const) {
        const { edges, counts } = res.body.histograms[key] as { edges: number[]; counts: number[] };
        // The edges: the inventory's span on the slider's steps, the same whatever the search.
        expect(edges, key).toEqual(plain.body.histograms[key].edges);
        expect(counts).toHaveLength(edges.length - 1);
        expect(counts.length).toBeGreaterThanOrEqual(30);
        for (let k = 1; k < edges.length; k++) expect(edges[k]!).toBeGreaterThan(edges[k - 1]!);
        const values = all.map((d) => d[key]);
        expect(edges[0]).toBeLessThanOrEqual(Math.min(...values));
        expect(edges.at(-1)).toBeGreaterThanOrEqual(Math.max(...values));
        // Every bucket holds exactly the stones between its edges that pass every filter but its own.
        const others = all.filter((d) => passes(d, filters, key));
        const expected = counts.map(
          (_, k) => others.filter((d) => d[key] >= edges[k]! && (k === counts.length - 1 ? d[key] <= edges[k + 1]! : d[key] < edges[k + 1]!)).length,
        );
        expect(counts, key).toEqual(expected);
        const sum = counts.reduce((a, b) => a + b, 0);
        if (!filters[key]) expect(sum, `${key} histogram sums to the total`).toBe(res.body.meta.total);
      }
    },
  );

  it('histograms: with no range filter both sum to meta.total; the price scale is logarithmic, the carat one linear', async () => {
    const res = await call(url, 'GET', api({ shape: ['round'], cut: ['Ideal', 'Excellent'] }));
    const { carat, price } = res.body.histograms as Record<'carat' | 'price', { edges: number[]; counts: number[] }>;
    expect(carat.counts.reduce((a, b) => a + b, 0)).toBe(res.body.meta.total);
    expect(price.counts.reduce((a, b) => a + b, 0)).toBe(res.body.meta.total);
    expect(carat.counts).toHaveLength(40);
    expect(price.counts).toHaveLength(40);
    const ratio = (k: number) => price.edges[k + 1]! / price.edges[k]!;
    expect(ratio(30)).toBeCloseTo(ratio(10), 1);
    const width = (k: number) => carat.edges[k + 1]! - carat.edges[k]!;
    expect(width(30)).toBeCloseTo(width(10), 3);
    for (const e of price.edges) expect(Math.round(e * 100)).toBeCloseTo(e * 100, 6);
    expect(price.edges[0]! % 10).toBe(0);
    expect(price.edges.at(-1)! % 10).toBe(0);
    // Another filter moves the bars: the price histogram of lab-grown stones alone is not the one of all.
    const lab = await call(url, 'GET', api({ shape: ['round'], cut: ['Ideal', 'Excellent'], origin: ['lab_grown'] }));
    expect(lab.body.histograms.price.edges).toEqual(price.edges);
    expect(lab.body.histograms.price.counts).not.toEqual(price.counts);
    expect(lab.body.histograms.price.counts.reduce((a: number, b: number) => a + b, 0)).toBe(lab.body.meta.total);
  });

  it.each(
    ['price', 'carat', 'cut', 'color', 'clarity', 'price_per_carat'].flatMap((s) => [
      [s, 'asc'],
      [s, 'desc'],
    ]),
  )('sorts by %s %s across page boundaries', async (sort, direction) => {
    const filters: DiamondFilters = { shape: ['round', 'oval'] };
    const pages = await Promise.all(
      [1, 2, 3].map((p) => call(url, 'GET', api(filters, { sort_by: sort!, sort_direction: direction!, page_size: 25, page_number: p }))),
    );
    const seen = pages.flatMap((r) => r.body.data as Diamond[]);
    expect(seen).toHaveLength(75);
    expect(new Set(seen.map((d) => d.id)).size).toBe(75);
    const sign = direction === 'asc' ? 1 : -1;
    for (let i = 1; i < seen.length; i++) expect(sign * (KEY[sort!]!(seen[i]!) - KEY[sort!]!(seen[i - 1]!))).toBeGreaterThanOrEqual(0);
    const expected = all
      .filter((d) => passes(d, filters))
      .sort((a, b) => KEY[sort!]!(a) - KEY[sort!]!(b) || (sort === 'price_per_carat' ? 0 : a.price - b.price) || a.id - b.id);
    if (direction === 'desc') expected.reverse();
    expect(seen.map((d) => d.id)).toEqual(expected.slice(0, 75).map((d) => d.id));
  });

  it('answers a page past the end with no stones and the true total', async () => {
    const res = await call(url, 'GET', api({ shape: ['heart'] }, { page_number: 999 }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(all.filter((d) => d.shape === 'heart').length);
  });

  it('uses 24 stones a page by default', async () => {
    const res = await call(url, 'GET', '/catalog/api/diamonds');
    expect(res.body.meta).toMatchObject({ page_number: 1, page_size: 24 });
    expect(res.body.data).toHaveLength(24);
  });

  it('finds one stone by id and by certificate number; a sold one with its status; unknown or hidden ones are a JSON 404', async () => {
    const d = all[0]!;
    const byId = await call(url, 'GET', `/catalog/api/diamonds/${d.id}`);
    const byCert = await call(url, 'GET', `/catalog/api/diamonds/${d.certificate_number}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(d);
    expect(byCert.body).toEqual(d);
    const sold = seeded.find((s) => s.status === 'sold' && !s.is_hidden)!;
    const soldRes = await call(url, 'GET', `/catalog/api/diamonds/${sold.id}`);
    expect(soldRes.status).toBe(200);
    expect(soldRes.body).toMatchObject({ status: 'sold', is_available: false });
    const hidden = seeded.find((s) => s.is_hidden)!;
    for (const path of [`/catalog/api/diamonds/${hidden.id}`, '/catalog/api/diamonds/1', '/catalog/api/diamonds/99999999', '/catalog/api/diamonds/NOPE-123']) {
      const res = await call(url, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(res.body.message).toMatch(/No diamond/);
    }
  });

  it.each([
    ['page_number=0', 'page_number'],
    ['page_number=-1', 'page_number'],
    ['page_number=abc', 'page_number'],
    ['page_size=101', 'page_size'],
    ['page_size=0', 'page_size'],
    ['sort_by=size', 'sort_by'],
    ['sort_direction=up', 'sort_direction'],
    ['diamond_filters=not-json', 'diamond_filters'],
    ['diamond_filters=[1,2]', 'diamond_filters'],
    [`diamond_filters=${encodeURIComponent('{"colour":["D"]}')}`, 'diamond_filters'],
    [`diamond_filters=${encodeURIComponent('{"shape":["triangle"]}')}`, 'diamond_filters.shape'],
    [`diamond_filters=${encodeURIComponent('{"cut":["Ideal","Superb"]}')}`, 'diamond_filters.cut'],
    [`diamond_filters=${encodeURIComponent('{"color":["Z"]}')}`, 'diamond_filters.color'],
    [`diamond_filters=${encodeURIComponent('{"origin":"mined"}')}`, 'diamond_filters.origin'],
    [`diamond_filters=${encodeURIComponent('{"lab":["XYZ"]}')}`, 'diamond_filters.lab'],
    [`diamond_filters=${encodeURIComponent('{"carat":{"min":2,"max":1}}')}`, 'diamond_filters.carat'],
    [`diamond_filters=${encodeURIComponent('{"price":{"min":"cheap"}}')}`, 'diamond_filters.price'],
    [`diamond_filters=${encodeURIComponent('{"depth":{"low":1}}')}`, 'diamond_filters.depth'],
    [`diamond_filters=${encodeURIComponent('{"table":5}')}`, 'diamond_filters.table'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await call(url, 'GET', `/catalog/api/diamonds?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body.message.startsWith(field)).toBe(true);
    expect(Object.keys(res.body.errors).some((k) => k.startsWith(field))).toBe(true);
  });

  it(`follows sales, returns and price changes made in the database (${kind})`, async () => {
    const filters: DiamondFilters = { shape: ['princess'] };
    const first = await call(url, 'GET', api(filters, { page_size: 5 }));
    const [a, b] = first.body.data as Diamond[];
    const total = first.body.meta.total;
    await execSql(databaseUrl, `update diamonds set status = 'sold' where id = ?`, [a!.id]);
    const afterSale = await call(url, 'GET', api(filters, { page_size: 5 }));
    expect(afterSale.body.meta.total).toBe(total - 1);
    expect(afterSale.body.data.map((d: Diamond) => d.id)).not.toContain(a!.id);
    expect((await call(url, 'GET', `/catalog/api/diamonds/${a!.id}`)).body.status).toBe('sold');
    await execSql(databaseUrl, `update diamonds set price_cents = 99999900 where id = ?`, [b!.id]);
    const priced = await call(url, 'GET', api(filters, { page_size: 1, sort_direction: 'desc' }));
    expect(priced.body.data[0]).toMatchObject({ id: b!.id, price: 999999 });
    await execSql(databaseUrl, `update diamonds set status = 'available' where id = ?`, [a!.id]);
    await execSql(databaseUrl, `update diamonds set price_cents = ? where id = ?`, [Math.round(b!.price * 100), b!.id]);
    const back = await call(url, 'GET', api(filters, { page_size: 5 }));
    expect(back.body.meta.total).toBe(total);
    expect(back.body.data.map((d: Diamond) => d.id)).toEqual(first.body.data.map((d: Diamond) => d.id));
  });
});
