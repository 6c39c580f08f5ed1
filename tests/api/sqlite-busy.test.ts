/**
 * SQLite with several writers never answers "database is locked". `npm start` with
 * WEB_CONCURRENCY=2 on one SQLite file, as an operator runs it: 200 parallel cart, wishlist, address and
 * sign-in writes split over both workers answer no 5xx (deferred transactions that read, then write,
 * used to fail at once with SQLITE_BUSY when the other worker committed in between); and the CLI stock
 * import of 400,000 rows, a third process, finishes while shoppers place orders on the shop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { feedRow, toCsv } from '../support/admin.ts';
import { plainProducts, sizeOf } from '../support/catalog-fixtures.ts';
import { guestEmail, NEW_YORK, readyCart, saveOrder } from '../support/checkout.ts';
import { freePort } from '../support/free-port.ts';
import { freshAddress } from '../support/unique.ts';
import { runNode, stopChild } from '../support/server.ts';
import { Shopper } from '../support/shopper.ts';

const root = path.resolve(import.meta.dirname, '../..');
const IMPORT_ROWS = 400_000;

describe('SQLite under two workers and the importer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-busy-'));
  const databaseUrl = path.join(dir, 'shop.db');
  let shop: ChildProcess | undefined;
  let base = '';
  let log = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        VAR_DIR: path.join(dir, 'var'),
        SEED_DIAMONDS: '300',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        SITE_URL: base,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (d) => (log += d));
    shop.stderr!.on('data', (d) => (log += d));
    const deadline = Date.now() + 120_000;
    while (!/The shop is open at .* \(2 workers\)/.test(log)) {
      if (shop.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not open the shop:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 150_000);

  afterAll(async () => {
    await closeTestDbs();
    if (shop) await stopChild(shop);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 200 parallel cart, wishlist, address and sign-in writes without a 5xx', { timeout: 180_000 }, async () => {
    const band = plainProducts[0]!;
    const ring = plainProducts[1]!;
    const customers = await Promise.all(Array.from({ length: 25 }, () => seedCustomer(databaseUrl)));
    // Guests with a cart and a wishlist each, whose sign-in merges both into the customer's.
    const guests = customers.slice(0, 10).map(() => new Shopper(base));
    for (const g of guests) {
      expect(
        (await g.post('/api/checkout/cart/add', { ids: [ring.id], quantity: 1, selected_configurable_option: ring.variants[0]!.id, ...sizeOf(ring.id) }))
          .status,
      ).toBe(200);
      expect((await g.post(`/api/wishlist/add/${band.id}`, {})).status).toBe(200);
    }
    const from = freshAddress();
    const cookie = (g: Shopper) => [...g.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const writes: (() => Promise<{ status: number; body: unknown }>)[] = [];
    for (let i = 0; writes.length < 200; i++) {
      const c = customers[i % customers.length]!;
      const variant = band.variants[i % band.variants.length]!.id;
      writes.push(() =>
        callFrom(
          from,
          base,
          'POST',
          '/api/checkout/cart/add',
          { ids: [band.id], quantity: 1, selected_configurable_option: variant, ...sizeOf(band.id) },
          c.auth,
        ),
      );
      writes.push(() => callFrom(from, base, 'POST', `/api/wishlist/add/${i % 2 ? band.id : ring.id}`, {}, c.auth));
      writes.push(() => callFrom(from, base, 'POST', '/api/addresses/create', { ...NEW_YORK, address1: `${i} Fifth Avenue` }, c.auth));
      if (i < guests.length) {
        const g = guests[i]!;
        writes.push(() =>
          callFrom(from, base, 'POST', '/api/customer/login', { email: customers[i]!.email, password: customers[i]!.password }, { cookie: cookie(g) }),
        );
      } else {
        writes.push(() => callFrom(from, base, 'PUT', '/api/customer/profile', { first_name: 'Ada', last_name: `Lovelace ${i}`, email: c.email }, c.auth));
      }
    }
    const answers = await Promise.all(writes.slice(0, 200).map((w) => w()));
    const failed = answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`);
    expect(failed).toEqual([]);
    expect(log).not.toMatch(/database is locked|SQLITE_BUSY/);
    // Every signed-in guest's cart line made it into the customer's one cart.
    for (const c of customers.slice(0, guests.length)) {
      const cart = await callFrom(from, base, 'GET', '/api/checkout/cart', undefined, c.auth);
      expect(cart.body.data.items.map((i: { product_id: number }) => i.product_id)).toContain(ring.id);
    }
  });

  it(`finishes the CLI import of ${IMPORT_ROWS.toLocaleString('en-US')} rows while orders are placed`, { timeout: 600_000 }, async () => {
    const file = path.join(dir, 'stock.csv');
    const out = fs.createWriteStream(file);
    for (let from = 0; from < IMPORT_ROWS; from += 10_000) {
      const rows = Array.from({ length: 10_000 }, (_, i) => feedRow(`BUSY-${from + i}`, `BUSY${String(from + i).padStart(7, '0')}`));
      const csv = toCsv(rows);
      if (!out.write(from === 0 ? csv : csv.slice(csv.indexOf('\n') + 1))) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((r) => out.end(() => r()));

    const band = plainProducts[0]!;
    let importing = true;
    const run = runNode([path.join(root, 'dist/cli/cli.mjs'), 'import', file, '--source', 'busy-feed'], { ...process.env, DATABASE_URL: databaseUrl }).finally(
      () => (importing = false),
    );
    const orders: number[] = [];
    // Shoppers check out one after another for as long as the import runs (at least one order).
    while (importing || orders.length === 0) {
      const shopper = new Shopper(base);
      await readyCart(shopper, { products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail() });
      orders.push((await saveOrder(shopper)).status);
    }
    const result = await run;
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/read 400,000, inserted 400,000, updated 0, unchanged 0, delisted 0, rejected 0, skipped 0/);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual(Array(orders.length).fill(200));
    expect(log).not.toMatch(/database is locked|SQLITE_BUSY/);
  });
});
