/**
 * Every back-office page's server-rendered HTML through html-validate (as tests/api/html-validate.test.ts
 * does for the shop's pages), on both databases; and the screens' own rules: coupons, store credit, the
 * order list's search and CSV export, the stock upload's report and rejected rows.
 */
import path from 'node:path';
import sharp from 'sharp';
import { FileSystemConfigLoader, HtmlValidate, type SourceHooks } from 'html-validate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databases } from '../support/api.ts';
import { callFrom, closeTestDbs, freshAddress, seedCustomer, seedOrder, testDb, uniqueEmail } from '../support/accounts.ts';
import { booking, openDay, slotStarts } from '../support/appointments.ts';
import { ADMIN_TOKEN, feedRow, toCsv } from '../support/admin.ts';
import { page, seedStaff } from '../support/staff.ts';
import { uniqueCode } from '../support/unique.ts';

vi.setConfig({ testTimeout: 300_000 });
afterAll(closeTestDbs);

const root = path.resolve(import.meta.dirname, '../..');
const validator = new HtmlValidate(new FileSystemConfigLoader());
const asParsed: SourceHooks = {
  *processAttribute(attr) {
    const key = attr.key.toLowerCase();
    yield key === attr.key ? attr : { ...attr, key, originalAttribute: attr.key };
  },
};

async function problems(url: string, pathname: string, cookie: string | undefined, status = 200): Promise<string[]> {
  const res = await page(url, pathname, cookie);
  expect(res.status, pathname).toBe(status);
  expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/);
  const report = await validator.validateString(res.body, path.join(root, 'page.html'), asParsed);
  return report.results.flatMap((r) => r.messages.map((m) => `${pathname} ${m.line}:${m.column} [${m.ruleId}] ${m.message} (${m.selector ?? ''})`));
}

/** A stock file posted as the browser's form posts it (fields first, then the file). */
async function upload(url: string, cookie: string, csv: string, source: string, dryRun = false, markup?: string) {
  const form = new FormData();
  form.set('source', source);
  if (dryRun) form.set('dry_run', '1');
  if (markup !== undefined) form.set('markup', markup);
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'stock.csv');
  const res = await fetch(`${url}/admin/inventory`, { method: 'POST', body: form, headers: { cookie }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe.each(databases)('the back-office pages on $kind', ({ url, databaseUrl }) => {
  it('are valid HTML, every one', async () => {
    const [{ cookie }, { cookie: editorCookie }] = await Promise.all([
      seedStaff(databaseUrl, uniqueEmail('owner'), 'owner'),
      seedStaff(databaseUrl, uniqueEmail('editor'), 'editor'),
    ]);
    const c = await seedCustomer(databaseUrl);
    const o = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const db = await testDb(databaseUrl);
    const number = `BT${o.id}`;
    await db.updateTable('orders').set({ increment_id: number }).where('id', '=', o.id).execute();
    const coupon = await db.selectFrom('coupons').select('id').executeTakeFirstOrThrow();
    const booked = await callFrom(freshAddress(), url, 'POST', '/api/appointments', booking(slotStarts(openDay(0)).at(-1)!, uniqueEmail('visit')));
    expect(booked.status).toBe(201);
    const visit = await db.selectFrom('appointments').select('id').where('reference', '=', booked.body.data.reference).executeTakeFirstOrThrow();
    // A product of this test's own with a photo, for its editor and the removal's confirmation.
    const handle = uniqueCode('html-pendant')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    // A draft (off sale): the shared demo shop's listings, which other suites count, stay as they are.
    const csv = `Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Status\n${handle},Valid Pendant,Necklaces,Metal,Platinum,990,draft\n`;
    const imported = await fetch(`${url}/api/admin/products/import`, {
      method: 'POST',
      body: csv,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
    });
    expect((await imported.json()).inserted).toBe(1);
    const product = await db.selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirstOrThrow();
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#d4af37' } })
      .png()
      .toBuffer();
    const photoForm = new FormData();
    photoForm.set('photo', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'photo.png');
    const photographed = await fetch(`${url}/api/admin/products/${product.id}/photos`, { method: 'POST', body: photoForm, headers: { cookie } });
    expect(photographed.status).toBe(201);
    const photo = ((await photographed.json()) as { data: { photos: { id: number }[] } }).data.photos.at(-1)!;
    const found: string[] = [];
    found.push(...(await problems(url, '/admin/login', undefined)));
    for (const p of [
      '/admin',
      '/admin/orders',
      `/admin/orders?q=${number}`,
      `/admin/orders/${number}`,
      `/admin/orders/${number}?do=ship`,
      `/admin/orders/${number}?do=refund`,
      `/admin/orders/${number}?do=cancel`,
      '/admin/activity',
      '/admin/customers',
      `/admin/customers/${c.id}`,
      '/admin/coupons',
      `/admin/coupons?edit=${coupon.id}`,
      '/admin/appointments',
      `/admin/appointments?move=${visit.id}`,
      `/admin/appointments?cancel=${visit.id}`,
      '/admin/inventory',
      '/admin/products',
      '/admin/products?q=band&sale=on',
      `/admin/products/${product.id}`,
      `/admin/products/${product.id}?do=remove&photo=${photo.id}`,
      '/admin/staff',
      '/admin/account',
    ]) {
      found.push(...(await problems(url, p, cookie)));
    }
    found.push(...(await problems(url, '/admin/orders', editorCookie, 403)));
    found.push(...(await problems(url, '/admin', editorCookie)));
    found.push(...(await problems(url, `/admin/products/${product.id}`, editorCookie)));
    expect(found).toEqual([]);
  });

  it('searches orders, exports the CSV, grants and takes store credit, and saves coupons the checkout reads', async () => {
    const manager = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const cookie = manager.cookie;
    const c = await seedCustomer(databaseUrl);
    const o = await seedOrder(databaseUrl, c.id, { status: 'processing' });
    const db = await testDb(databaseUrl);
    const number = `BT${o.id}`;
    await db.updateTable('orders').set({ increment_id: number }).where('id', '=', o.id).execute();

    const list = await page(url, `/admin/orders?q=${number.toLowerCase()}&status=processing`, cookie);
    expect(list.body).toContain('1 order found');
    expect(list.body).toContain(`href="/admin/orders/${number}"`);
    expect((await page(url, '/admin/orders?status=nonsense', cookie)).status).toBe(400);
    const csv = await page(url, `/admin/orders.csv?q=${number}`, cookie);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      'order,placed_at,status,customer,email,items,payment_method,total',
      expect.stringMatching(new RegExp(`^${number},.*,Processing,Ada Lovelace,order@example.com,3,card,2274.98$`)),
      '',
    ]);

    const granted = await page(url, `/admin/customers/${c.id}`, cookie, {
      _action: 'credit',
      direction: 'grant',
      amount: '50.00',
      reason: 'Sorry for the delay',
    });
    expect(granted.location).toBe(`/admin/customers/${c.id}?notice=credit-saved`);
    const tooMuch = await page(url, `/admin/customers/${c.id}`, cookie, { _action: 'credit', direction: 'take', amount: '60.00', reason: 'Correction' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toContain('At most $50.00 can be taken');
    await page(url, `/admin/customers/${c.id}`, cookie, { _action: 'credit', direction: 'take', amount: '20.00', reason: 'Correction' });
    expect((await page(url, `/admin/customers/${c.id}`, cookie)).body).toMatch(/data-credit-balance>\$30\.00</);
    const credit = await db
      .selectFrom('staff_activity')
      .select(['actor', 'action', 'before', 'after'])
      .where('subject_id', '=', c.email)
      .orderBy('id')
      .execute();
    expect(credit.map((r) => [r.actor, r.action, JSON.parse(r.before!).balance_cents, JSON.parse(r.after!).balance_cents])).toEqual([
      [manager.email, 'credit.grant', 0, 5000],
      [manager.email, 'credit.take', 5000, 3000],
    ]);

    const code = uniqueCode('BO')
      .replace(/[^A-Z0-9]/gi, '')
      .toUpperCase()
      .slice(0, 30);
    const bad = await page(url, '/admin/coupons', cookie, { _action: 'create', code, kind: 'percent', value: '150', is_active: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('A percentage is a whole number from 1 to 100');
    const made = await page(url, '/admin/coupons', cookie, {
      _action: 'create',
      code,
      kind: 'percent',
      value: '15',
      min_subtotal: '100',
      usage_limit: '10',
      per_customer_limit: '1',
      expires_on: '2999-12-31',
      is_active: '1',
    });
    expect(made.location).toBe('/admin/coupons?notice=coupon-saved');
    const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'percent',
      value: 15,
      min_subtotal_cents: 10000,
      usage_limit: 10,
      per_customer_limit: 1,
      expires_at: '2999-12-31T23:59:59.999Z',
      is_active: 1,
      times_used: 0,
    });
    await page(url, '/admin/coupons', cookie, { _action: 'disable', id: String(row.id) });
    expect((await db.selectFrom('coupons').select('is_active').where('id', '=', row.id).executeTakeFirstOrThrow()).is_active).toBe(0);
    const actions = await db.selectFrom('staff_activity').select('action').where('subject_id', '=', code).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['coupon.create', 'coupon.disable']);
  });

  it('imports an uploaded stock file, streamed, and offers its rejected rows as CSV', async () => {
    const manager = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const cookie = manager.cookie;
    const source = uniqueCode('feed').toLowerCase();
    const tag = uniqueCode('S');
    const csv = toCsv([feedRow(`${tag}-1`, `${tag}01`), feedRow(`${tag}-2`, `${tag}02`, { Color: 'Q' }), feedRow(`${tag}-3`, `${tag}03`)]);
    const done = await upload(url, cookie, csv, source);
    expect(done.status).toBe(303);
    const report = await page(url, done.location!, cookie);
    expect(report.body).toContain('data-import-report');
    expect(report.body).toMatch(/New<\/dt><dd[^>]*>2</);
    expect(report.body).toMatch(/Rejected<\/dt><dd[^>]*>1</);
    const id = /rejected\/(\d+)\.csv/.exec(report.body)![1];
    const rejected = await page(url, `/admin/inventory/rejected/${id}.csv`, cookie);
    expect(rejected.headers.get('content-disposition')).toContain(`rejected-${source}-${id}.csv`);
    expect(rejected.body).toMatch(new RegExp(`^line,stock_number,reasons\\r\\n3,${tag}-2,.*colou?r`, 'i'));
    const db = await testDb(databaseUrl);
    expect(
      Number(
        (
          await db
            .selectFrom('diamonds')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('source', '=', source)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(2);

    // Every rejected row is offered, not only the report's first 100.
    const many = toCsv(Array.from({ length: 130 }, (_, i) => feedRow(`${tag}-bad-${i}`, `${tag}B${i}`, { Color: 'Q' })));
    const manyDone = await upload(url, cookie, many, source);
    expect(manyDone.status).toBe(303);
    const manyId = /rejected\/(\d+)\.csv/.exec((await page(url, manyDone.location!, cookie)).body)![1];
    const all = (await page(url, `/admin/inventory/rejected/${manyId}.csv`, cookie)).body.trimEnd().split('\r\n');
    expect(all).toHaveLength(131);
    expect(all.at(-1)).toMatch(new RegExp(`^131,${tag}-bad-129,.*colou?r`, 'i'));

    // The form's own markup bands, for this file only (the CLI's --markup), kept in the report; bad bands name the field.
    const priced = await upload(
      url,
      cookie,
      toCsv([feedRow(`${tag}-m`, `${tag}M1`, { Size: '0.50', 'Price/Ct': '2000' })]),
      source,
      false,
      '[{"from":0,"multiplier":2}]',
    );
    expect(priced.status).toBe(303);
    const pricedStone = await db.selectFrom('diamonds').select('price_cents').where('certificate_number', '=', `${tag}M1`).executeTakeFirstOrThrow();
    expect(Number(pricedStone.price_cents)).toBe(200_000); // 0.50 ct × $2,000 × 2
    const pricedId = Number(/report=(\d+)/.exec(priced.location!)![1]);
    const pricedRecord = await db.selectFrom('staff_activity').select('after').where('id', '=', pricedId).executeTakeFirstOrThrow();
    expect(JSON.parse(pricedRecord.after!).markup).toEqual([{ from: 0, multiplier: 2 }]);
    const badMarkup = await upload(url, cookie, csv, source, false, '[{"from":1,"to":0.5,"multiplier":2}]');
    expect(badMarkup.status).toBe(400);
    expect(badMarkup.body).toMatch(/id="markup-error"[^>]*>markup at \[0\]\.to: must be more than from</);

    const missing = await upload(url, cookie, 'Shape,Size\nBR,1.0\n', source);
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('missing');
    // The editor has no stock right.
    const editor = await seedStaff(databaseUrl, uniqueEmail('editor'), 'editor');
    expect((await upload(url, editor.cookie, csv, source)).status).toBe(403);
  });
});
