/**
 * A coupon's first day (issue 31), on SQLite and PostgreSQL: set in /admin/coupons, and the checkout
 * refuses the code before it, as it refuses an expired one.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databases } from '../support/api.ts';
import { closeTestDbs, testDb, uniqueEmail } from '../support/accounts.ts';
import { band } from '../support/checkout.ts';
import { Shopper } from '../support/shopper.ts';
import { page, seedStaff } from '../support/staff.ts';
import { uniqueCode } from '../support/unique.ts';

vi.setConfig({ testTimeout: 120_000 });
afterAll(closeTestDbs);

describe.each(databases)('a coupon with a first day on $kind', ({ url, databaseUrl }) => {
  it('is saved from the back office and refused at checkout until its first day', async () => {
    const { cookie } = await seedStaff(databaseUrl, uniqueEmail('manager'), 'manager');
    const code = uniqueCode('START')
      .replace(/[^A-Z0-9]/gi, '')
      .toUpperCase()
      .slice(0, 30);
    const form = { _action: 'create', code, kind: 'percent', value: '10', is_active: '1' };
    const backwards = await page(url, '/admin/coupons', cookie, { ...form, starts_on: '2999-02-01', expires_on: '2999-01-31' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toContain('The first day comes after the last day');
    const made = await page(url, '/admin/coupons', cookie, { ...form, starts_on: '2999-01-01', expires_on: '2999-12-31' });
    expect(made.location).toBe('/admin/coupons?notice=coupon-saved');
    const db = await testDb(databaseUrl);
    const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ starts_at: '2999-01-01T00:00:00.000Z', expires_at: '2999-12-31T23:59:59.999Z' });
    expect((await page(url, `/admin/coupons?edit=${row.id}`, cookie)).body).toContain('value="2999-01-01"');

    const s = new Shopper(url);
    const added = await s.post('/api/checkout/cart/add', {
      ids: [band.id],
      quantity: 1,
      selected_configurable_option: band.variants[0]!.id,
      selected_size: '7',
    });
    expect(added.status).toBe(200);
    const early = await s.post('/api/checkout/cart/coupon', { code });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This coupon is valid from 2999-01-01');

    const edited = await page(url, '/admin/coupons', cookie, { ...form, _action: 'update', id: String(row.id), starts_on: '', expires_on: '2999-12-31' });
    expect(edited.location).toBe('/admin/coupons?notice=coupon-saved');
    expect((await s.post('/api/checkout/cart/coupon', { code })).status).toBe(200);
    const activity = await db.selectFrom('staff_activity').select(['action', 'before', 'after']).where('subject_id', '=', code).orderBy('id').execute();
    expect(activity.map((a) => a.action)).toEqual(['coupon.create', 'coupon.edit']);
    expect(JSON.parse(activity[1]!.before!).starts_at).toBe('2999-01-01T00:00:00.000Z');
    expect(JSON.parse(activity[1]!.after!).starts_at).toBeNull();
  });
});
