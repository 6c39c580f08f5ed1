/**
 * A production start is not the demo: with NODE_ENV=production and no SHOP_DEMO, an empty
 * database stays empty (no products, no stones, no demo coupons), start-up says so in one line, and the
 * page's shop configuration reports app_demo false. A stone the jeweller imports can be bought, and the
 * demo's coupons are refused for it. `npm run seed` refuses to erase a database that holds orders.
 * On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { call } from '../support/api.ts';
import { Shopper } from '../support/shopper.ts';
import { ADMIN_TOKEN, feedRow, postImport, toCsv } from '../support/admin.ts';
import { readyCart, guestEmail, saveOrder } from '../support/checkout.ts';
import path from 'node:path';

const cli = path.resolve(import.meta.dirname, '../../dist/cli/cli.mjs');
const PRODUCTION = { NODE_ENV: 'production', SHOP_DEMO: '', ADMIN_TOKEN };

function pageConfig(html: string) {
  const block = /<script type="application\/json" id="shop-config">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(block![1]!) as { app_demo: boolean };
}

describe.each(DB_KINDS)('a production start on %s', (kind) => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startServer(kind, { env: PRODUCTION });
  }, 120_000);
  afterAll(() => shop?.stop());

  it('says in one line that it seeded nothing, and seeds nothing on the next start either', async () => {
    const again = await runNode([cli, 'prepare'], { ...process.env, ...PRODUCTION, DATABASE_URL: shop.databaseUrl });
    expect(again.status).toBe(0);
    expect(again.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Production start on (sqlite|postgres) .*: no demo data seeded, the catalogue is empty \(SHOP_DEMO=1 starts the demo shop instead\)\.$/,
      ),
    ]);
  });

  it('lists no products and no diamonds, and its pages say it is not the demo', async () => {
    const products = await call(shop.url, 'GET', '/catalog/products');
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([]);
    const diamonds = await call(shop.url, 'GET', '/catalog/api/diamonds');
    expect(diamonds.status).toBe(200);
    expect(diamonds.body.data).toEqual([]);
    const home = await fetch(`${shop.url}/`);
    expect(home.status).toBe(200);
    expect(pageConfig(await home.text()).app_demo).toBe(false);
  });

  it('sells a stone the jeweller imported, and accepts neither demo coupon for it', async () => {
    const imported = await postImport(shop.url, toCsv([feedRow(`REAL-${kind}`, `22${kind === 'sqlite' ? 1 : 2}0000001`)]));
    expect(imported.status).toBe(200);
    await expect.poll(async () => (await call(shop.url, 'GET', '/catalog/api/diamonds')).body.data.length, { timeout: 10_000 }).toBe(1);
    const stone = (await call(shop.url, 'GET', '/catalog/api/diamonds')).body.data[0];
    const shopper = new Shopper(shop.url);
    await readyCart(shopper, { diamonds: [stone.id], email: guestEmail() });
    for (const code of ['WELCOME10', 'SPARKLE100']) {
      const res = await shopper.post('/api/checkout/cart/coupon', { code });
      expect(res).toMatchObject({ status: 400, body: { message: 'This coupon code is not valid' } });
    }
    const cart = await shopper.get('/api/checkout/cart');
    expect(cart.body.data).toMatchObject({ discount_amount: 0 });
    expect(cart.body.data.coupon_code ?? null).toBeNull();
  });

  it('npm run seed refuses to erase a database that holds orders, unless --force', async () => {
    const stones = (await call(shop.url, 'GET', '/catalog/api/diamonds')).body.data;
    const shopper = new Shopper(shop.url);
    await readyCart(shopper, { diamonds: [stones[0].id], email: guestEmail() });
    expect((await saveOrder(shopper)).status).toBe(200);
    const env = { ...process.env, DATABASE_URL: shop.databaseUrl, SEED_DIAMONDS: '10' };
    const refused = await runNode([cli, 'seed', '--diamonds', '10'], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        / holds 1 order: npm run seed would erase it\. Back it up \(npm run backup -- FILE\) and run npm run seed -- --force to erase it anyway\.$/,
      ),
    ]);
    // Nothing was erased: the order's stone is still the shop's only one.
    expect((await call(shop.url, 'GET', `/catalog/api/diamonds/${stones[0].id}`)).status).toBe(200);
    const forced = await runNode([cli, 'seed', '--diamonds', '10', '--force'], env);
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/Seeded 96 products \(\d+ variants\) and 10 diamonds/);
  });
});
