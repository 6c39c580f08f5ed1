/**
 * Site search (/search?q=) as a shopper reads it, on SQLite and PostgreSQL: whole words with stemming,
 * every word narrowing, ranked name → category → the rest, the jeweller's synonyms, corrected typos,
 * references (certificates, stock numbers, style numbers), and what it offers when nothing matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { writeDb } from '../support/shopper.ts';
import { stonesOf } from '../support/stones.ts';
import { CATEGORIES, PRODUCTS } from '~/server/db/seed/catalog.ts';
import { MAX_HITS } from '~/server/search/search.service.ts';

const categoryOf = new Map(PRODUCTS.map((p) => [p.name, p.category]));
const inCategory = (slug: string) => PRODUCTS.filter((p) => p.category === slug).map((p) => p.name);

interface Results {
  status: number;
  count: string | undefined;
  titles: string[];
  links: string[];
  closest: string[];
  categories: string[];
  corrections: string | undefined;
}

const decode = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

async function search(base: string, q: string): Promise<Results> {
  const res = await fetch(`${base}/search?q=${encodeURIComponent(q)}`);
  const html = await res.text();
  const list = () => /<ol[^>]*aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/ol>/g;
  const section = (label: string) => [...html.matchAll(list())].find((m) => m[1] === label)?.[2] ?? '';
  const titlesIn = (chunk: string) => [...chunk.matchAll(/<span class="block font-medium[^"]*">([^<]+)<\/span>/g)].map((m) => decode(m[1]!));
  const results = section('Search results');
  return {
    status: res.status,
    count: /role="status"[^>]*>([^<]+)</.exec(html)?.[1],
    titles: titlesIn(results),
    links: [...results.matchAll(/<a href="([^"]+)"/g)].map((m) => decode(m[1]!)),
    closest: titlesIn(section('Closest matches')),
    categories: [...(/<ul[^>]*aria-label="Categories"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '').matchAll(/<a href="[^"]+"[^>]*>([^<]+)</g)].map(
      (m) => m[1]!,
    ),
    corrections: /data-search-corrections[^>]*>([\s\S]*?)<\/p>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

describe.each(databases)('site search on $kind', ({ url }) => {
  it('"ring" lists rings (settings, bands) and never an earring, a ring in its name first', async () => {
    const r = await search(url, 'ring');
    expect(r.titles.length).toBeGreaterThanOrEqual(16);
    expect(r.titles.filter((t) => categoryOf.get(t) === 'earrings')).toEqual([]);
    expect(r.titles.every((t) => ['engagement-rings', 'wedding-bands'].includes(categoryOf.get(t)!))).toBe(true);
    expect(r.titles).toEqual(expect.arrayContaining(inCategory('engagement-rings')));
    expect(r.titles[0]).toBe('Stackable Pavé Ring');
    expect(r.count).toBe(`${r.titles.length} results`);
    // "rings" is the same word.
    expect((await search(url, 'rings')).titles).toEqual(r.titles);
  });

  it('"engagement ring" and "enagement" find the engagement settings, and say what was read', async () => {
    const settings = inCategory('engagement-rings');
    const r = await search(url, 'engagement ring');
    expect([...r.titles].sort()).toEqual([...settings].sort());
    const typo = await search(url, 'enagement');
    expect([...typo.titles].sort()).toEqual([...settings].sort());
    expect(typo.corrections).toBe('Showing results for engagement (you typed “enagement”)');
    expect((await search(url, 'bridal')).titles.sort()).toEqual([...settings].sort());
  });

  it('metals: "rose gold" and "platnum" find the pieces in that metal and link to it', async () => {
    const rose = await search(url, 'rose gold');
    // Every piece is made in 18K rose gold; the ones with "gold" in their name first. The demo's catalogue
    // (issue 32) holds more pieces than a results page shows (MAX_HITS).
    expect(rose.count).toBe(PRODUCTS.length > MAX_HITS ? `${PRODUCTS.length} results, the first ${MAX_HITS} shown` : `${PRODUCTS.length} results`);
    expect(rose.titles.length).toBe(Math.min(PRODUCTS.length, MAX_HITS));
    expect(rose.titles.slice(0, 2).sort()).toEqual(['Gold Hoop Earrings 20mm', 'Gold Link Bracelet']);
    expect(rose.links.every((l) => /^\/products\/\d+\?metal=18k_rose_gold$/.test(l))).toBe(true);

    const platnum = await search(url, 'platnum');
    expect(platnum.corrections).toBe('Showing results for platinum (you typed “platnum”)');
    expect(platnum.titles.length).toBe(Math.min(PRODUCTS.length, MAX_HITS));
    expect(platnum.links.every((l) => l.endsWith('?metal=platinum'))).toBe(true);
  });

  it('"platinum band" is the wedding bands in platinum; "studs" the stud earrings; several words narrow', async () => {
    const bands = await search(url, 'platinum band');
    expect([...bands.titles].sort()).toEqual([...inCategory('wedding-bands')].sort());
    expect(bands.links.every((l) => l.endsWith('?metal=platinum'))).toBe(true);

    const studs = await search(url, 'studs');
    const studNames = PRODUCTS.filter((p) => p.category === 'earrings' && (p.style === 'stud' || /stud/i.test(p.name))).map((p) => p.name);
    expect([...studs.titles].sort()).toEqual([...studNames].sort());
    expect(studs.titles.every((t) => categoryOf.get(t) === 'earrings')).toBe(true);

    // Today's "halo ring" listed Halo Stud Earrings first: now only halo ring settings.
    const halo = await search(url, 'halo ring');
    expect(halo.titles.length).toBeGreaterThanOrEqual(4);
    expect(halo.titles.every((t) => categoryOf.get(t) === 'engagement-rings')).toBe(true);
    expect(halo.titles.slice(0, 3).every((t) => /Halo/.test(t))).toBe(true);
  });

  it('"pavé" and "pave" are one word; solitaires by name come before a piece that only has the style', async () => {
    const accented = await search(url, 'pavé');
    expect(accented.titles).toEqual((await search(url, 'pave')).titles);
    expect(accented.titles.length).toBeGreaterThanOrEqual(5);
    // Pieces named pavé first; after them, pieces of the pavé style or whose description speaks of pavé.
    const lastNamed = accented.titles.findLastIndex((t) => /Pavé/.test(t));
    expect(accented.titles.slice(0, lastNamed + 1).every((t) => /Pavé/.test(t))).toBe(true);
    const pieceOf = new Map(PRODUCTS.map((p) => [p.name, p]));
    for (const t of accented.titles) expect(/pavé/i.test(t) || pieceOf.get(t)!.style === 'pave' || /pavé/i.test(pieceOf.get(t)!.story ?? ''), t).toBe(true);
    const solitaire = await search(url, 'solitaire');
    const named = solitaire.titles.findLastIndex((t) => /Solitaire/.test(t));
    expect(solitaire.titles.slice(0, named + 1).every((t) => /Solitaire/.test(t))).toBe(true);
    expect(solitaire.titles).toContain('East-West Setting'); // style "solitaire", not in its name
  });

  it('a nonsense word finds nothing and offers the categories to browse', async () => {
    const r = await search(url, 'xqzvwk');
    expect(r.status).toBe(200);
    expect(r.titles).toEqual([]);
    expect(r.count).toBe('No results for “xqzvwk”');
    expect(r.categories).toEqual([...CATEGORIES.map((c) => c.name), 'Diamonds']);
    // One word out of place: nothing has both, and the closest pieces are offered.
    const near = await search(url, 'platinum xqzvwk');
    expect(near.titles).toEqual([]);
    expect(near.closest.length).toBeGreaterThan(0);
  });

  it('diamonds by certificate number and stock number, pieces by style number and variant sku', async () => {
    const stone = (await call(url, 'GET', `/catalog/api/diamonds/${stonesOf('catalog-pages')[0]!.id}`)).body;
    for (const ref of [stone.certificate_number, stone.sku, stone.sku.toLowerCase()]) {
      expect((await search(url, ref)).links[0]).toBe(`/diamonds/${stone.id}`);
    }
    expect((await search(url, 'P-0006')).titles[0]).toBe(PRODUCTS[5]!.name);
    const variant = await search(url, 'p-0006-platinum-25');
    expect(variant.titles[0]).toBe(PRODUCTS[5]!.name);
    expect(variant.links[0]).toBe('/products/6?metal=platinum');
  });
});

describe.each(DB_KINDS.map((kind) => ({ kind })))('the search index follows the catalogue on $kind', ({ kind }) => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: 50 });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('a renamed piece is found by its new name and a piece taken off sale is gone, on the next search', async () => {
    const { url, databaseUrl } = server!;
    expect((await search(url, 'aurora')).titles).toEqual([]);
    await writeDb(databaseUrl, (db) => db.updateTable('products').set({ name: 'Aurora Halo Setting' }).where('id', '=', 7).execute());
    expect((await search(url, 'aurora')).titles).toEqual(['Aurora Halo Setting']);
    await writeDb(databaseUrl, (db) => db.updateTable('products').set({ status: 0 }).where('id', '=', 7).execute());
    expect((await search(url, 'aurora')).titles).toEqual([]);
    expect((await search(url, 'halo')).titles).not.toContain('Aurora Halo Setting');
  });
});
