/**
 * The shared page cache (src/server/page-cache/page-cache.ts), seen from outside on SQLite and PostgreSQL: pages the
 * same for every shopper come back from memory with an Age, compressed as asked, and never outlive a
 * change to a diamond; pages of a signed-in customer are never shared.
 * A server of its own per database: any diamond reserved, ordered or sold anywhere drops every shared
 * page, so on the shared servers another file's checkout could empty the cache between two requests
 * of this one (a page expected from the cache would come back rendered anew).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededDiamonds } from '../support/catalog-fixtures.ts';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { writeDb } from '../support/shopper.ts';

const DIAMONDS = 400;
const stone = seededDiamonds(DIAMONDS).find((d) => d.available)!;

const get = (base: string, path: string, encoding = 'identity') => fetch(base + path, { headers: { 'accept-encoding': encoding } });

describe.each(DB_KINDS.map((kind) => ({ kind })))('shared page cache on $kind', ({ kind }) => {
  let url = '';
  let databaseUrl = '';
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(kind, { diamonds: DIAMONDS });
    ({ url, databaseUrl } = server);
  }, 120_000);
  afterAll(async () => server?.stop());

  it('answers a second request for a listing from the cache, with its Age and the same page', async () => {
    const path = '/diamonds?page=2&df_shape=oval';
    const first = await get(url, path);
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('age')).toBeNull();
    const second = await get(url, path);
    expect(second.status).toBe(200);
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(await second.text()).toBe(html);
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('sends the cached page in brotli or gzip as the browser asks, or plain', async () => {
    const path = '/about-us';
    const plain = await (await get(url, path)).text();
    for (const [asked, coding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      // Node's fetch decodes for us; the raw bytes are read over http to see the coding itself.
      const res = await rawGet(url + path, asked);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body).toString('utf8')).toBe(plain);
    }
  });

  it('says in Server-Timing where the time of a new listing went, and that a repeat came from the cache', async () => {
    const path = `/diamonds?df_shape=round,pear&df_price_min=${300 + DB_KINDS.indexOf(kind)}&df_color=E,F`;
    const first = await get(url, path, 'br, gzip');
    expect(first.status).toBe(200);
    const parts = serverTiming(first.headers.get('server-timing'));
    // The diamond search's parts, the rest of the render, compression and the whole, in ms.
    for (const name of ['index', 'rows', 'render', 'compress', 'total']) expect(parts.get(name)?.dur, name).toBeGreaterThanOrEqual(0);
    const total = parts.get('total')!.dur!;
    const sum = [...parts].filter(([name]) => name !== 'total').reduce((a, [, p]) => a + (p.dur ?? 0), 0);
    expect(sum).toBeLessThanOrEqual(total + 0.5);
    const again = await get(url, path, 'br, gzip');
    expect(again.headers.get('age')).toMatch(/^\d+$/);
    expect([...serverTiming(again.headers.get('server-timing'))]).toEqual([['cache', { desc: 'hit' }]]);
  });

  it('sends a page asked for again recompressed, the same page in every coding', async () => {
    const path = '/diamonds?df_shape=emerald&df_carat_min=0.4';
    const plain = await (await get(url, path)).text();
    const first = await rawGet(url + path, 'br');
    expect(zlib.brotliDecompressSync(first.body).toString('utf8')).toBe(plain);
    // The second request starts the recompression in the background; the smaller bytes come soon after.
    const deadline = Date.now() + 10_000;
    let later = await rawGet(url + path, 'br');
    while (later.body.length >= first.body.length && Date.now() < deadline) later = await rawGet(url + path, 'br');
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(zlib.brotliDecompressSync(later.body).toString('utf8')).toBe(plain);
    expect(zlib.gunzipSync((await rawGet(url + path, 'gzip')).body).toString('utf8')).toBe(plain);
  });

  it('drops a diamond page as soon as the stone is sold, and shows it again once it is back', async () => {
    const path = `/diamonds/${stone.id}`;
    const before = await (await get(url, path)).text();
    expect(before).not.toContain('This diamond has been sold');
    expect((await get(url, path)).headers.get('age')).not.toBeNull();
    await writeDb(databaseUrl, (db) => db.updateTable('diamonds').set({ status: 'sold' }).where('id', '=', stone.id).execute());
    try {
      const sold = await get(url, path);
      expect(sold.headers.get('age')).toBeNull();
      expect(await sold.text()).toContain('This diamond has been sold');
    } finally {
      await writeDb(databaseUrl, (db) => db.updateTable('diamonds').set({ status: 'available' }).where('id', '=', stone.id).execute());
    }
    expect(await (await get(url, path)).text()).not.toContain('This diamond has been sold');
  });

  it('never shares a page that depends on who asks', async () => {
    for (const path of ['/customer', '/cart', '/checkout', '/wishlist', '/no-such-page']) {
      await get(url, path);
      expect((await get(url, path)).headers.get('age'), path).toBeNull();
    }
  });
});

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const METRIC = new RegExp(`^(${TOKEN})((?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"]*"))*)$`);

/** A Server-Timing header's metrics by name (RFC syntax checked: name, then `;param=value`s), dur as a number. */
function serverTiming(header: string | null): Map<string, { dur?: number; desc?: string }> {
  expect(header, 'a Server-Timing header').toBeTruthy();
  const metrics = new Map<string, { dur?: number; desc?: string }>();
  for (const item of header!.split(',').map((s) => s.trim())) {
    const match = METRIC.exec(item);
    expect(match, `Server-Timing metric ${JSON.stringify(item)}`).not.toBeNull();
    const params = Object.fromEntries(
      [...match![2]!.matchAll(new RegExp(`;\\s*(${TOKEN})=(${TOKEN}|"[^"]*")`, 'g'))].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')]),
    );
    metrics.set(match![1]!, { ...(params.dur !== undefined && { dur: Number(params.dur) }), ...(params.desc !== undefined && { desc: params.desc }) });
  }
  return metrics;
}

async function rawGet(href: string, encoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(href, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
