/**
 * Backups of the embedded database: `npm run backup -- FILE` while the shop takes orders is
 * one consistent copy that holds every order placed before it (still in the write-ahead log, where a
 * copy of shop.db misses it), and `npm run restore -- FILE` puts it back, refusing a live database
 * without --force. SQLite only: PostgreSQL is backed up with pg_dump (docs/deploy.md, Backups), and the
 * command says so in one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { Shopper } from '../support/shopper.ts';
import { band, guestEmail, readyCart, saveOrder } from '../support/checkout.ts';

const cli = path.resolve(import.meta.dirname, '../../dist/cli/cli.mjs');

/** The orders' e-mails in a SQLite file, read on a connection of its own. */
function ordersIn(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select email from orders order by id').all() as { email: string }[]).map((r) => r.email);
  } finally {
    db.close();
  }
}

async function placeOrder(shop: TestServer): Promise<string> {
  const email = guestEmail();
  const shopper = new Shopper(shop.url);
  await readyCart(shopper, { products: [{ id: band.id, variant: band.variants[0]!.id }], email });
  const placed = await saveOrder(shopper);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return email;
}

describe('npm run backup and npm run restore on SQLite', () => {
  let shop: TestServer;
  const run = (...args: string[]) => runNode([cli, ...args], { ...process.env, DATABASE_URL: shop.databaseUrl, INIT_CWD: shop.database.dir });
  beforeAll(async () => {
    shop = await startServer('sqlite', { diamonds: 200 });
  }, 120_000);
  afterAll(() => shop?.stop());

  it('backs up while the shop takes an order: the copy holds every order placed before it, and is whole', { timeout: 300_000 }, async () => {
    const before = await placeOrder(shop);
    // The order is in the write-ahead log, not yet in shop.db itself.
    expect(fs.existsSync(`${shop.databaseUrl}-wal`)).toBe(true);
    const [during, backup] = await Promise.all([placeOrder(shop), run('backup', 'backups/one.db')]);
    expect(backup.status, backup.output).toBe(0);
    const file = path.join(shop.database.dir, 'backups/one.db');
    expect(backup.stdout.trim()).toMatch(
      new RegExp(`^Backed up sqlite .*shop\\.db to ${file.replace(/[.]/g, '\\.')} \\((2|3) orders, [\\d.]+ MB\\) in [\\d.]+ s$`),
    );
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const copied = ordersIn(file);
    expect(copied).toContain(before);
    // The order placed at the same moment is in it whole or not at all.
    const db = new Database(file, { readonly: true });
    const lines = db.prepare('select count(*) as n from order_items join orders on orders.id = order_items.order_id where orders.email = ?').get(during) as {
      n: number;
    };
    expect(lines.n).toBe(copied.includes(during) ? 1 : 0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();

    const again = await run('backup', 'backups/one.db');
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe(`${file} exists already: name a new file, or add --force to replace it`);
  });

  it('restores a backup: refused on the running shop and on a live database without --force, then the backed-up orders are back', {
    timeout: 300_000,
  }, async () => {
    const kept = await placeOrder(shop);
    expect((await run('backup', 'backups/two.db')).status).toBe(0);
    const lost = await placeOrder(shop);
    expect(ordersIn(shop.databaseUrl)).toEqual(expect.arrayContaining([kept, lost]));

    const whileRunning = await run('restore', 'backups/two.db');
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.stderr.trim()).toBe(
      `${shop.databaseUrl} is in use by a running shop: stop it first, or add --force to replace its data under it (then restart it)`,
    );

    await shop.kill();
    const live = await run('restore', 'backups/two.db');
    expect(live.status).toBe(1);
    expect(live.stderr.trim()).toMatch(
      new RegExp(`^${shop.databaseUrl.replace(/[.]/g, '\\.')} is a live database \\(\\d+ orders\\): add --force to replace it with .*two\\.db$`),
    );
    expect(ordersIn(shop.databaseUrl)).toContain(lost);

    const restored = await run('restore', 'backups/two.db', '--force');
    expect(restored.status, restored.output).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .*two\.db into sqlite .*shop\.db \(\d+ orders, [\d.]+ MB\) in [\d.]+ s: start the shop/);
    const orders = ordersIn(shop.databaseUrl);
    expect(orders).toContain(kept);
    expect(orders).not.toContain(lost);

    // The shop starts on it and sells again.
    await shop.restart();
    await placeOrder(shop);
  });

  it('says how to back up PostgreSQL, and refuses a file that is not a backup of the shop', { timeout: 120_000 }, async () => {
    const pg = await runNode([cli, 'backup', 'x.dump'], { ...process.env, DATABASE_URL: 'postgres://shop:secret@db.internal:5432/shop' });
    expect(pg.status).toBe(1);
    expect(pg.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^DATABASE_URL postgres:\/\/shop:\*\*\*@db\.internal:5432\/shop is PostgreSQL: back it up with pg_dump --format=custom/),
    ]);
    const junk = path.join(shop.database.dir, 'junk.db');
    new Database(junk).exec('create table t (x)');
    const wrong = await run('restore', junk, '--force');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe(`${junk} is not a backup of this shop's database (it has no orders or migrations)`);
  });
});
