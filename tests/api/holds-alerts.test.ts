/**
 * Diamond holds and alerts (issue 35), on SQLite and PostgreSQL, each on servers of their own: the shop's
 * clock moves (NOW_OFFSET_FILE under NODE_ENV=test), so no other file may share them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Connection, type Db } from '~/server/db/database.ts';
import { call } from '../support/http-client.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { readyCart, saveOrder, signedIn, guestEmail } from '../support/checkout.ts';
import { plainProducts, seededDiamonds } from '../support/catalog-fixtures.ts';
import { startMailbox, waitForMail, mailsTo, type Mailbox } from '../support/mailbox.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { ADMIN_TOKEN, feedRow, postImport, toCsv } from '../support/admin.ts';
import { uniqueCode, uniqueName } from '../support/unique.ts';
import { Shopper } from '../support/shopper.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { holdsEndpoints } from '~/server/holds/holds.endpoints.ts';
import { staffHoldsEndpoints } from '~/server/holds/staff-holds.endpoints.ts';
import { declaredAnswer, endpointRequest } from '../support/endpoint-client.ts';

const DIAMONDS = 300;
const HOUR = 3_600_000;
const stones = seededDiamonds(DIAMONDS).filter((d) => d.available);
let nextStone = 0;
const stone = () => stones[nextStone++]!;

/** A Shopify product CSV (POST /api/admin/products/import), as the jeweller's shop exports it. */
const PRODUCT_COLUMNS = ['Handle', 'Title', 'Type', 'Status', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Price'] as const;
type ProductRow = Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>>;
const productCsv = (rows: ProductRow[]) => [PRODUCT_COLUMNS.join(','), ...rows.map((r) => PRODUCT_COLUMNS.map((c) => r[c] ?? '').join(','))].join('\n') + '\n';
/** A necklace in 14K White Gold and Platinum at these prices (dollars), on sale or not. */
const necklace = (handle: string, title: string, white: string, platinum: string, status = 'active'): ProductRow[] => [
  {
    Handle: handle,
    Title: title,
    Type: 'Necklaces',
    Status: status,
    'Option1 Name': 'Metal',
    'Option1 Value': '14K White Gold',
    'Variant SKU': `${handle}-wg`.toUpperCase(),
    'Variant Price': white,
  },
  { Handle: handle, 'Option1 Value': 'Platinum', 'Variant SKU': `${handle}-pt`.toUpperCase(), 'Variant Price': platinum },
];
async function importProducts(base: string, rows: ProductRow[]) {
  const res = await fetch(`${base}/api/admin/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
    body: productCsv(rows),
  });
  const body = (await res.json()) as { rejected: number; rejections: unknown[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.rejections).toEqual([]);
  return body;
}

const kinds = ['sqlite', 'postgres'] as const;
let mailbox: Mailbox;
const cleanup: (() => Promise<void>)[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-holds-'));

beforeAll(async () => {
  mailbox = await startMailbox(path.join(tmp, 'mail'));
});
afterAll(async () => {
  await closeTestDbs();
  for (const c of cleanup.reverse()) await c();
  await mailbox.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function testClock(name: string) {
  const file = path.join(tmp, `${name}.clock`);
  let offset = 0;
  fs.writeFileSync(file, '0');
  return {
    file,
    advance(ms: number) {
      offset += ms;
      fs.writeFileSync(file, String(offset));
    },
  };
}

const serverEnv = (clockFile: string) => ({
  NODE_ENV: 'test',
  NOW_OFFSET_FILE: clockFile,
  SMTP_URL: mailbox.url,
  ADMIN_TOKEN,
  ORDER_EXPIRY_INTERVAL_SECONDS: '3600',
  ALERTS_INTERVAL_SECONDS: '1',
});

describe.each(kinds)('holds and alerts on %s', (kind) => {
  let server: TestServer;
  let clock: ReturnType<typeof testClock>;
  let db: Db;

  beforeAll(async () => {
    clock = testClock(`main-${kind}`);
    server = await startServer(kind, { diamonds: DIAMONDS, env: serverEnv(clock.file) });
    cleanup.push(() => server.stop());
    const conn: Connection = await openDatabase(server.databaseUrl);
    cleanup.push(() => conn.close());
    db = conn.db;
  }, 120_000);

  it('a hold makes the stone unbuyable for others (cart add and order 409) and buyable for its holder; limits apply', { timeout: 60_000 }, async () => {
    const holder = await seedCustomer(server.databaseUrl);
    const other = await seedCustomer(server.databaseUrl);
    const h = signedIn(server.url, holder.token);
    const o = signedIn(server.url, other.token);
    const d = stone();
    // The other shopper has the stone in a ready cart before the hold.
    await readyCart(o, { diamonds: [d.id], method: 'banktransfer' });

    const held = await h.send(holdsEndpoints.hold, { params: { id: d.id } });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.data).toMatchObject({ diamond_id: d.id, is_active: true, ended_at: null });
    expect(Date.parse(held.body.data.expires_at) - Date.parse(held.body.data.created_at)).toBe(48 * HOUR);
    await waitForMail(mailbox.dir, holder.email, /holding the .* for you/);

    const add = await new Shopper(server.url).post('/api/checkout/cart/add', { ids: [d.id], quantity: 1 });
    expect(add.status).toBe(409);
    expect(add.body).toMatchObject({ code: 'on_hold' });
    expect(add.body.message).toMatch(/^This diamond is on hold for another client until .+ UTC\. /);
    const order = await saveOrder(o);
    expect(order.status).toBe(409);
    expect(order.body.code).toBe('on_hold');
    expect(await db.selectFrom('diamonds').select('status').where('id', '=', d.id).executeTakeFirstOrThrow()).toEqual({ status: 'available' });

    // The page says so to everyone.
    const page = await (await fetch(`${server.url}/diamonds/${d.id}`)).text();
    expect(page).toMatch(/On hold until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);

    // A second hold beyond DIAMOND_HOLDS_PER_CUSTOMER (1), and a hold on a held stone, are refused.
    const second = await h.post(`/api/diamonds/${stone().id}/hold`);
    expect(second).toMatchObject({ status: 409, body: { code: 'hold_limit' } });
    expect((await o.post(`/api/diamonds/${d.id}/hold`)).body.code).toBe('on_hold');
    expect((await h.send(holdsEndpoints.list)).body).toMatchObject({ limit: 1, hours: 48, data: [{ diamond_id: d.id, is_active: true }] });

    // The holder buys it as usual; buying ends the hold.
    await readyCart(h, { diamonds: [d.id], method: 'banktransfer' });
    const bought = await saveOrder(h);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await h.get('/api/holds')).body.data[0]).toMatchObject({ diamond_id: d.id, is_active: false, end_reason: 'bought' });

    // Released and asked again within a day: refused.
    const e = stone();
    expect((await h.post(`/api/diamonds/${e.id}/hold`)).status).toBe(200);
    expect((await h.send(holdsEndpoints.release, { params: { id: e.id } })).body.data).toMatchObject({ is_active: false, end_reason: 'released' });
    expect((await h.post(`/api/diamonds/${e.id}/hold`)).body.code).toBe('hold_again_too_soon');
    // Not signed in: 401.
    expect((await new Shopper(server.url).post(`/api/diamonds/${e.id}/hold`)).status).toBe(401);
  });

  it('20 parallel holds on one stone by 20 shoppers give exactly one hold', { timeout: 60_000 }, async () => {
    const d = stone();
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => seedCustomer(server.databaseUrl, { password: null })));
    const answers = await Promise.all(shoppers.map((c) => call(server.url, 'POST', `/api/diamonds/${d.id}/hold`, {}, c.auth)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status, JSON.stringify(a.body)).toBe(409);
    expect(await db.selectFrom('diamond_holds').select('id').where('diamond_id', '=', d.id).execute()).toHaveLength(1);
  });

  it('an expired hold releases the stone exactly once with two servers, e-mailing a reminder and the end', { timeout: 120_000 }, async () => {
    const second = await startServer(kind, { sharing: server, env: serverEnv(clock.file) });
    cleanup.push(() => second.stop());
    const holder = await seedCustomer(server.databaseUrl);
    const d = stone();
    expect((await call(server.url, 'POST', `/api/diamonds/${d.id}/hold`, {}, holder.auth)).status).toBe(200);
    clock.advance(43 * HOUR);
    await Promise.all([server.url, second.url].flatMap((base) => Array.from({ length: 5 }, () => call(base, 'GET', `/catalog/api/diamonds/${d.id}`))));
    await waitForMail(mailbox.dir, holder.email, /ends soon/);
    clock.advance(6 * HOUR);
    const bases = [server.url, second.url];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(bases[i % 2]!, 'GET', `/catalog/api/diamonds/${d.id}`)));
    for (const a of answers) expect(a.status).toBe(200);
    await waitForMail(mailbox.dir, holder.email, /has ended/);
    const rows = await db.selectFrom('diamond_holds').select(['ended_at', 'end_reason']).where('diamond_id', '=', d.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.end_reason).toBe('expired');
    expect(
      await db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `hold:%:ended`).where('recipient', '=', holder.email).execute(),
    ).toHaveLength(1);
    expect(mailsTo(mailbox.dir, holder.email).filter((m) => /has ended/.test(m.subject))).toHaveLength(1);
    expect(mailsTo(mailbox.dir, holder.email).filter((m) => /ends soon/.test(m.subject))).toHaveLength(1);
    // Another shopper can now buy it.
    expect((await new Shopper(server.url).post('/api/checkout/cart/add', { ids: [d.id], quantity: 1 })).status).toBe(200);
    await second.stop();
  });

  it('a price drop made by a stock import reaches the watcher once, with both prices; unsubscribe works without signing in', { timeout: 60_000 }, async () => {
    const cert = uniqueCode('PD');
    expect((await postImport(server.url, toCsv([feedRow(cert, cert, { 'Price/Ct': '5000' })]))).status).toBe(200);
    const id = (await call(server.url, 'GET', `/catalog/api/diamonds/${cert}`)).body.id as number;
    const watcher = await seedCustomer(server.databaseUrl);
    const w = signedIn(server.url, watcher.token);
    const alert = await w.post('/api/alerts', { kind: 'price_drop', diamond_id: id });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    expect((await w.get('/api/alerts')).body.data).toMatchObject([{ kind: 'price_drop', diamond_id: id }]);
    // 1.01 ct at $5,000 and then $4,000 a carat.
    expect((await postImport(server.url, toCsv([feedRow(cert, cert, { 'Price/Ct': '4000' })]))).body).toMatchObject({ updated: 1 });
    const mail = await waitForMail(mailbox.dir, watcher.email, /Price drop/);
    expect(mail.text).toContain('$5,050.00');
    expect(mail.text).toContain('$4,040.00');
    // Later passes tell nothing again.
    await expect
      .poll(async () => (await db.selectFrom('alert_cursor').select('change_id').executeTakeFirstOrThrow()).change_id, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const before = await db.selectFrom('alert_cursor').select('change_id').executeTakeFirstOrThrow();
    await db.updateTable('diamonds').set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    await expect
      .poll(async () => (await db.selectFrom('alert_cursor').select('change_id').executeTakeFirstOrThrow()).change_id, { timeout: 10_000 })
      .toBeGreaterThan(before.change_id);
    expect(mailsTo(mailbox.dir, watcher.email).filter((m) => /Price drop/.test(m.subject))).toHaveLength(1);

    const link = /(\/api\/alerts\/unsubscribe\?a=\d+&s=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const forged = await call(server.url, 'GET', link.replace(/s=.*/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(forged.status).toBe(403);
    const res = await fetch(`${server.url}${link}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will get no more e-mails from this alert');
    expect((await w.get('/api/alerts')).body.data).toEqual([]);
  });

  it("a piece of jewellery's variant: a product import that lowers its price e-mails the watcher once with both prices, with two servers; a rise and a piece off sale send nothing", {
    timeout: 120_000,
  }, async () => {
    const second = await startServer(kind, { sharing: server, env: serverEnv(clock.file) });
    cleanup.push(() => second.stop());
    const watched = uniqueName('riviera-necklace');
    const paused = uniqueName('bar-necklace');
    const watchedName = `Riviera Necklace ${watched.split('-').pop()}`;
    const pausedName = `Bar Necklace ${paused.split('-').pop()}`;
    await importProducts(server.url, [...necklace(watched, watchedName, '1000', '1500'), ...necklace(paused, pausedName, '700', '900')]);
    const variantsOf = async (handle: string) => {
      const { id } = await db.selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirstOrThrow();
      const res = await call(server.url, 'GET', `/catalog/products/${id}`);
      expect(res.status).toBe(200);
      const byMetal = Object.fromEntries((res.body.variants as { id: number; metal_code: string }[]).map((v) => [v.metal_code, v.id]));
      return { productId: Number(id), white: byMetal['14k_white_gold']!, platinum: byMetal.platinum! };
    };
    const w = await variantsOf(watched);
    const p = await variantsOf(paused);

    const watcher = await seedCustomer(server.databaseUrl);
    const pausedWatcher = await seedCustomer(server.databaseUrl);
    const shopper = signedIn(server.url, watcher.token);
    const created = await shopper.send(alertsEndpoints.create, { body: { kind: 'price_drop', variant_id: w.white } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ message: 'We will tell you if the price drops' });
    expect(created.body.data).toMatchObject({
      kind: 'price_drop',
      diamond_id: null,
      variant_id: w.white,
      product_id: w.productId,
      product_name: watchedName,
      variant_name: '14K White Gold',
      description: `Price drops on ${watchedName}, 14K White Gold`,
      url: `/products/${w.productId}?metal=14k_white_gold&ctw=0`,
    });
    // The page the alert links to shows that variant at the price watched.
    const page = await (await fetch(`${server.url}${created.body.data.url}`)).text();
    expect(page).toContain('$1,000.00');
    // Asking again answers the alert there is, as for a stone.
    const again = await shopper.post('/api/alerts', { kind: 'price_drop', variant_id: w.white });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(created.body.data.id);
    expect((await shopper.send(alertsEndpoints.list)).body.data).toMatchObject([{ id: created.body.data.id, variant_id: w.white }]);
    expect((await signedIn(server.url, pausedWatcher.token).post('/api/alerts', { kind: 'price_drop', variant_id: p.white })).status).toBe(201);

    // The jeweller's next file: $1,000 → $800 in white gold (platinum unchanged).
    await importProducts(server.url, necklace(watched, watchedName, '800', '1500'));
    const mail = await waitForMail(mailbox.dir, watcher.email, /Price drop/);
    expect(mail.subject).toBe(`Price drop: the ${watchedName} in 14K White Gold is now $800.00`);
    expect(mail.text).toContain('it was $1,000.00, it is now $800.00');
    expect(mail.text).toContain(`/products/${w.productId}?metal=14k_white_gold&ctw=0`);
    const link = /(\/api\/alerts\/unsubscribe\?a=\d+&s=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.headers?.['list-unsubscribe']).toMatch(/^<https?:\/\/[^\s>]+\/api\/alerts\/unsubscribe\?a=\d+&s=[\w-]+>$/);
    expect(mail.headers?.['list-unsubscribe']).toContain(link);
    expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The paused necklace goes off sale at a lower price (listed first: its change commits first), then the
    // watched one rises to $900: the rise is remembered silently, the piece off sale tells nothing.
    await importProducts(server.url, [...necklace(paused, pausedName, '500', '900', 'draft'), ...necklace(watched, watchedName, '900', '1500')]);
    await expect
      .poll(
        async () =>
          (await db.selectFrom('alerts').select('last_price_cents').where('id', '=', created.body.data.id).executeTakeFirstOrThrow()).last_price_cents,
        {
          timeout: 15_000,
        },
      )
      .toBe(90_000);
    expect(mailsTo(mailbox.dir, pausedWatcher.email)).toEqual([]);
    // Off sale: no new alert on it (the field is named).
    const offSale = await shopper.post('/api/alerts', { kind: 'price_drop', variant_id: p.platinum });
    expect(offSale.status).toBe(409);
    expect(offSale.body.errors).toHaveProperty('variant_id');

    // Back on sale at $500: its watcher hears of the drop from $700; the first watcher, after all these
    // passes on both servers, still has exactly one e-mail.
    await importProducts(server.url, necklace(paused, pausedName, '500', '900'));
    const pausedMail = await waitForMail(mailbox.dir, pausedWatcher.email, /Price drop/);
    expect(pausedMail.text).toContain('it was $700.00, it is now $500.00');
    expect(mailsTo(mailbox.dir, watcher.email).filter((m) => /Price drop/.test(m.subject))).toHaveLength(1);
    expect(
      await db.selectFrom('mail_outbox').select('id').where('recipient', '=', watcher.email).where('dedupe_key', 'like', 'alert:%').execute(),
    ).toHaveLength(1);
    await second.stop();

    // The one-click unsubscribe ends it.
    const res = await fetch(`${server.url}${link}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await shopper.get('/api/alerts')).body.data).toEqual([]);
  });

  it('a price-drop alert takes exactly one of diamond_id and variant_id; a bad or unknown variant is named', { timeout: 30_000 }, async () => {
    const shopper = signedIn(server.url, (await seedCustomer(server.databaseUrl)).token);
    const neither = await shopper.post('/api/alerts', { kind: 'price_drop' });
    expect(neither.status).toBe(400);
    expect(Object.keys(neither.body.errors)).toEqual(expect.arrayContaining(['diamond_id', 'variant_id']));
    const both = await shopper.post('/api/alerts', { kind: 'price_drop', diamond_id: stone().id, variant_id: 1 });
    expect(both.status).toBe(400);
    expect(both.body.errors.variant_id).toEqual(['give diamond_id or variant_id, not both']);
    const words = await shopper.post('/api/alerts', { kind: 'price_drop', variant_id: 'gold' });
    expect(words.status).toBe(400);
    expect(words.body.errors).toHaveProperty('variant_id');
    expect(words.body.message).toMatch(/^variant_id: /);
    const unknown = await shopper.post('/api/alerts', { kind: 'price_drop', variant_id: 999_999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toEqual({ variant_id: ['is not a known variant'] });
    // The button on a piece's page before JavaScript loads: a plain form post, answered with a 303 back to the page.
    const customer = await seedCustomer(server.databaseUrl);
    const variant = plainProducts[0]!.variants[0]!;
    const back = `/products/${plainProducts[0]!.id}?metal=${variant.metal}&ctw=${variant.ctw}`;
    const form = await fetch(`${server.url}/api/alerts`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...customer.auth, 'content-type': 'application/x-www-form-urlencoded', referer: `${server.url}${back}` },
      body: new URLSearchParams({ kind: 'price_drop', variant_id: String(variant.id) }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`${back}&notice=${encodeURIComponent('We will tell you if the price drops')}`);
    expect((await call(server.url, 'GET', '/api/alerts', undefined, customer.auth)).body.data).toMatchObject([{ variant_id: variant.id, url: back }]);
    // A Referer of this shop whose path a browser would read as another host is not followed back.
    for (const path of ['//evil.example/phish', '/\\evil.example/phish']) {
      const sneaky = await fetch(`${server.url}/api/alerts`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...customer.auth, 'content-type': 'application/x-www-form-urlencoded', referer: `${server.url}${path}` },
        body: new URLSearchParams({ kind: 'price_drop', variant_id: String(variant.id) }),
      });
      expect(sneaky.status, path).toBe(303);
      expect(sneaky.headers.get('location'), path).toMatch(/^\/customer\/account\/alerts\?notice=/);
    }
    // back_in_stock stays a stone's.
    expect((await shopper.post('/api/alerts', { kind: 'back_in_stock', variant_id: 1 })).body.errors).toHaveProperty('diamond_id');
    expect((await shopper.get('/api/alerts')).body.data).toEqual([]);
  });

  it('a stone sold and then released by an expired order e-mails its back-in-stock watchers', { timeout: 60_000 }, async () => {
    const d = stone();
    const buyer = new Shopper(server.url);
    await readyCart(buyer, { diamonds: [d.id], email: guestEmail(), method: 'card' });
    expect((await saveOrder(buyer)).status).toBe(200);
    const watcher = await seedCustomer(server.databaseUrl);
    const w = signedIn(server.url, watcher.token);
    expect((await w.post('/api/alerts', { kind: 'back_in_stock', diamond_id: d.id })).status).toBe(201);
    clock.advance(31 * 60_000);
    expect((await call(server.url, 'GET', `/catalog/api/diamonds/${d.id}`)).body.is_available).toBe(true);
    const mail = await waitForMail(mailbox.dir, watcher.email, /available again/);
    expect(mail.text).toContain(`/diamonds/${d.id}`);
  });

  it('staff list and release holds over the admin API and the CLI; without the token the routes are not there', { timeout: 60_000 }, async () => {
    const holder = await seedCustomer(server.databaseUrl);
    const d = stone();
    const held = await call(server.url, 'POST', `/api/diamonds/${d.id}/hold`, {}, holder.auth);
    expect(held.status).toBe(200);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const list = declaredAnswer(staffHoldsEndpoints.list, await call(server.url, 'GET', '/api/admin/holds', undefined, admin));
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: held.body.data.id, diamond_id: d.id, customer_email: holder.email, is_active: true }));
    expect((await call(server.url, 'GET', '/api/admin/holds')).status).toBe(401);
    const cli = await runNode([path.resolve(import.meta.dirname, '../../dist/cli/cli.mjs'), 'holds', 'list'], {
      ...process.env,
      DATABASE_URL: server.databaseUrl,
    });
    expect(cli.status, cli.output).toBe(0);
    expect(cli.stdout).toContain(`diamond ${d.id}`);
    const release = endpointRequest(staffHoldsEndpoints.release, { params: { id: held.body.data.id } });
    const released = declaredAnswer(staffHoldsEndpoints.release, await call(server.url, release.method, release.path, {}, admin));
    expect(released.body.data).toMatchObject({ is_active: false, end_reason: 'staff' });
    expect((await call(server.url, 'POST', `/api/admin/holds/${held.body.data.id}/release`, {}, admin)).status).toBe(409);
    await waitForMail(mailbox.dir, holder.email, /released by our team/);
  });

  it('drop a hint: a picture, a link and the note reach the address typed, which the answer never repeats; limited per address a day', {
    timeout: 60_000,
  }, async () => {
    const sender = await seedCustomer(server.databaseUrl, { first_name: 'Grace' });
    const d = stone();
    const to = `${uniqueCode('partner').toLowerCase()}@example.com`;
    const hint = await call(server.url, 'POST', '/api/hints', { item_id: d.id, email: to, note: 'Payday is Friday' }, sender.auth);
    expect(hint.status, JSON.stringify(hint.body)).toBe(200);
    expect(JSON.stringify(hint.body)).not.toContain(to);
    const mail = await waitForMail(mailbox.dir, to, /A little hint from Grace/);
    expect(mail.text).toContain(`/diamonds/${d.id}`);
    expect(mail.text).toMatch(new RegExp(`/images/share/diamonds/${d.id}-[\\w-]+\\.png`));
    expect(mail.text).toContain('Payday is Friday');
    expect((await call(server.url, 'POST', '/api/hints', { item_id: d.id, email: to }, sender.auth)).status).toBe(200);
    const third = await call(server.url, 'POST', '/api/hints', { item_id: d.id, email: to }, (await seedCustomer(server.databaseUrl, { password: null })).auth);
    expect(third.status).toBe(429);
    expect((await call(server.url, 'POST', '/api/hints', { item_id: d.id, email: to })).status).toBe(401);
    expect((await call(server.url, 'POST', '/api/hints', { item_id: d.id, email: 'not-an-address' }, sender.auth)).body.errors).toHaveProperty('email');
  });

  it("a saved search's daily digest lists only the new matching stones", { timeout: 60_000 }, async () => {
    const filters = { shape: ['heart'], carat: { min: 4.5, max: 4.6 } };
    const old = uniqueCode('OLD');
    expect((await postImport(server.url, toCsv([feedRow(old, old, { Shape: 'HS', Size: '4.55' })]))).status).toBe(200);
    const saver = await seedCustomer(server.databaseUrl);
    const s = signedIn(server.url, saver.token);
    const saved = await s.post('/api/alerts', {
      kind: 'saved_search',
      diamond_filters: filters,
      sort_by: 'price',
      sort_direction: 'asc',
      url: '/diamonds?shape=heart',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const fresh = [uniqueCode('NEW'), uniqueCode('NEW')];
    const other = uniqueCode('OTHER');
    expect(
      (
        await postImport(
          server.url,
          toCsv([...fresh.map((c) => feedRow(c, c, { Shape: 'HS', Size: '4.58' })), feedRow(other, other, { Shape: 'HS', Size: '2.00' })]),
        )
      ).status,
    ).toBe(200);
    clock.advance(25 * HOUR);
    const mail = await waitForMail(mailbox.dir, saver.email, /match your saved search/);
    expect(mail.subject).toBe('2 new diamonds match your saved search');
    const ids = await Promise.all([...fresh, old, other].map(async (c) => (await call(server.url, 'GET', `/catalog/api/diamonds/${c}`)).body.id as number));
    expect(mail.text).toContain(`/diamonds/${ids[0]}`);
    expect(mail.text).toContain(`/diamonds/${ids[1]}`);
    expect(mail.text).not.toContain(`/diamonds/${ids[2]}\n`);
    expect(mail.text).not.toContain(`/diamonds/${ids[3]}\n`);
    expect(mail.text).toContain('/diamonds?shape=heart');
  });

  it('search keeps a held stone listed for others, with the end of its hold; letting it go clears it', { timeout: 60_000 }, async () => {
    const holder = await seedCustomer(server.databaseUrl);
    const h = signedIn(server.url, holder.token);
    const d = stone();
    const filters = { shape: [d.shape], carat: { min: d.carat, max: d.carat } };
    const find = async () => {
      const res = await call(server.url, 'GET', `/catalog/api/diamonds?${new URLSearchParams({ diamond_filters: JSON.stringify(filters), page_size: '100' })}`);
      expect(res.status).toBe(200);
      return (res.body.data as { id: number; on_hold_until?: string }[]).find((x) => x.id === d.id);
    };
    expect(await find()).not.toHaveProperty('on_hold_until');
    const held = await h.post(`/api/diamonds/${d.id}/hold`);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    // Still listed for a guest, with the hold's end; the change log tells the search within its next read.
    await expect.poll(async () => (await find())?.on_hold_until, { timeout: 15_000 }).toBe(held.body.data.expires_at);
    expect((await h.delete(`/api/diamonds/${d.id}/hold`)).status).toBe(200);
    await expect.poll(async () => (await find())?.on_hold_until, { timeout: 15_000 }).toBeUndefined();
  });
});
