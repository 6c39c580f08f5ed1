/**
 * The running shop sees every change to its diamonds by itself, whichever process writes it: stones
 * inserted, repriced or delisted by plain SQL (as an importer or an operator in psql / sqlite3 would)
 * show in `{api}/api/diamonds` search and on the listing page within 5 s, with no call into the shop,
 * one stone at a time or thousands in one statement (which the server applies in the background).
 * A stone sold or hidden is gone from the very next search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { execSql } from '../support/sql.ts';
import type { Diamond, DiamondFilters } from '~/features/diamonds/diamond-query.ts';

/** Far above any seeded stone's price (in dollars): these searches see only the stones written here. */
const FLOOR = 9_000_000;
const WITHIN = { timeout: 5_000, interval: 50 };
const BULK = 3_000;
const NOW = '2026-11-23T00:00:00.000Z';

const search = (filters: DiamondFilters, extra: Record<string, string> = {}) =>
  `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '100', ...extra })}`;
const expensive = { price: { min: FLOOR } };

/** Inserts `count` round stones by one SQL statement per table, priced from FLOOR upwards; answers their ids. */
async function insertStones(databaseUrl: string, count: number, tag: string): Promise<number[]> {
  const [{ top }] = await execSql(databaseUrl, 'select coalesce(max(id), 0) as top from items');
  await execSql(databaseUrl, `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) insert into items (kind) select 'diamond' from n`, [
    count,
  ]);
  await execSql(
    databaseUrl,
    `insert into diamonds (id, sku, shape, carat, cut, color, clarity, polish, symmetry, fluorescence, lab, certificate_number, origin,
       depth, table_pct, length_mm, width_mm, depth_mm, lw_ratio, price_cents, status, is_hidden, created_at, updated_at)
     select id, '${tag}-' || id, 'round', 1.5, 'Ideal', 'D', 'IF', 'Excellent', 'Excellent', 'None', 'GIA', '${tag}C' || id, 'natural',
       61.5, 57, 7.4, 7.4, 4.5, 1, ${FLOOR * 100} + id * 100, 'available', 0, '${NOW}', '${NOW}'
     from items where id > ? and kind = 'diamond' order by id`,
    [Number(top)],
  );
  return (await execSql(databaseUrl, `select id from diamonds where sku like '${tag}-%' order by id`)).map((r) => Number(r.id));
}

describe.each(DB_KINDS.map((kind) => ({ kind })))('changes written straight to the database, on $kind', ({ kind }) => {
  let server: TestServer | undefined;
  let url = '';
  let databaseUrl = '';
  beforeAll(async () => {
    server = await startServer(kind);
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => server?.stop());

  const total = async (filters: DiamondFilters) => (await call(url, 'GET', search(filters))).body.meta.total as number;
  const listing = async () => (await fetch(`${url}/diamonds?sort_by=price&sort_direction=desc`)).text();

  it('shows one stone inserted by SQL in search and on the listing page', async () => {
    expect(await total(expensive)).toBe(0);
    await listing(); // the listing page is now in the shared page cache
    const [id] = await insertStones(databaseUrl, 1, `ONE${kind}`);
    await expect.poll(async () => (await call(url, 'GET', search(expensive))).body.data.map((d: Diamond) => d.id), WITHIN).toEqual([id]);
    await expect.poll(async () => (await listing()).includes(`href="/diamonds/${id}"`), WITHIN).toBe(true);
    const found = (await call(url, 'GET', `/catalog/api/diamonds/${id}`)).body;
    expect(found).toMatchObject({ id, price: FLOOR + id!, shape: 'round', status: 'available' });
  });

  it(`shows ${BULK.toLocaleString('en-US')} stones inserted by one statement, in price order`, async () => {
    const before = await total({});
    const ids = await insertStones(databaseUrl, BULK, `BULK${kind}`);
    expect(ids).toHaveLength(BULK);
    const bulk = { ...expensive, carat: { min: 1.5, max: 1.5 } };
    await expect.poll(() => total({}), WITHIN).toBe(before + BULK);
    const top = await call(url, 'GET', search(bulk, { sort_by: 'price', sort_direction: 'desc' }));
    expect(top.body.meta.total).toBeGreaterThanOrEqual(BULK);
    expect(top.body.data.slice(0, 100).map((d: Diamond) => d.id)).toEqual([...ids].reverse().slice(0, 100));
    await expect.poll(async () => (await listing()).includes(`href="/diamonds/${ids[BULK - 1]}"`), WITHIN).toBe(true);
  });

  it('follows a new price, one stone or thousands at once', async () => {
    const cheap = (await call(url, 'GET', search({}, { sort_by: 'price', page_size: '1' }))).body.data[0] as Diamond;
    await execSql(databaseUrl, 'update diamonds set price_cents = ? where id = ?', [FLOOR * 230, cheap.id]);
    await expect
      .poll(async () => (await call(url, 'GET', search({}, { sort_by: 'price', sort_direction: 'desc', page_size: '1' }))).body.data[0]?.id, WITHIN)
      .toBe(cheap.id);
    await expect.poll(async () => (await listing()).indexOf(`href="/diamonds/${cheap.id}"`), WITHIN).toBeGreaterThan(-1);

    // Every bulk stone doubles its price in one statement: the cheapest of them is now above FLOOR · 2.
    await execSql(databaseUrl, `update diamonds set price_cents = price_cents * 2 where sku like 'BULK${kind}-%'`);
    await expect.poll(() => total({ price: { min: FLOOR * 2, max: FLOOR * 2.2 } }), WITHIN).toBe(BULK);
    expect(await total({ price: { min: FLOOR, max: FLOOR * 2 - 1 } })).toBe(1); // the single stone, unchanged
  });

  it('hides a stone sold, reserved or hidden from the very next search, and lists it again when it is back', async () => {
    const [sold, reserved, hidden] = (await call(url, 'GET', search(expensive, { sort_by: 'price', page_size: '3' }))).body.data.map((d: Diamond) => d.id);
    const before = await total(expensive);
    await execSql(databaseUrl, `update diamonds set status = 'sold' where id = ?`, [sold]);
    await execSql(databaseUrl, `update diamonds set status = 'reserved' where id = ?`, [reserved]);
    await execSql(databaseUrl, 'update diamonds set is_hidden = 1 where id = ?', [hidden]);
    // No waiting: a search never shows a stone delisted before it began.
    const after = await call(url, 'GET', search(expensive, { sort_by: 'price' }));
    expect(after.body.meta.total).toBe(before - 3);
    expect(after.body.data.map((d: Diamond) => d.id)).not.toContain(sold);
    expect(after.body.data.map((d: Diamond) => d.id)).not.toContain(reserved);
    expect(after.body.data.map((d: Diamond) => d.id)).not.toContain(hidden);
    await expect.poll(async () => (await listing()).includes(`href="/diamonds/${sold}"`), WITHIN).toBe(false);

    // Thousands delisted by one statement: gone at once as well.
    await execSql(databaseUrl, `update diamonds set status = 'sold' where sku like 'BULK${kind}-%'`);
    expect(await total(expensive)).toBe(1); // the stone repriced above

    await execSql(databaseUrl, `update diamonds set status = 'available', is_hidden = 0 where id in (?, ?, ?)`, [sold, reserved, hidden]);
    await expect
      .poll(async () => (await call(url, 'GET', search(expensive, { sort_by: 'price', page_size: '3' }))).body.data.map((d: Diamond) => d.id), WITHIN)
      .toEqual([sold, reserved, hidden]);
  });

  it("shows a stone's new details in the very next search, though its row was kept from the search before", async () => {
    const first = async () => (await call(url, 'GET', search(expensive, { sort_by: 'price', page_size: '1' }))).body.data[0] as Diamond;
    const shown = await first(); // its row is now kept in the server's memory (diamond-rows.ts)
    expect(await first()).toEqual(shown);
    const video = `https://video.example/${kind}.mp4`;
    await execSql(databaseUrl, 'update diamonds set video_url = ?, sku = ?, price_cents = price_cents + 100 where id = ?', [video, `NEW${kind}`, shown.id]);
    // No waiting: the change log, read before the search, says the kept row is out of date.
    expect(await first()).toMatchObject({ id: shown.id, sku: `NEW${kind}`, video_url: video, price: shown.price + 1 });
  });
});
