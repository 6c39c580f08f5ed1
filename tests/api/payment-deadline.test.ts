/**
 * A rolling upgrade cannot leave an order without its payment deadline. A server still running
 * the code from before migration 0011 writes unpaid orders without `payment_due_at`; the database now
 * gives them one (migration 0017's trigger): `created_at` plus the running shop's window for the status
 * (which each app server writes into order_payment_windows as it starts), so that they expire as any other.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, seedOrder, testDb } from '../support/accounts.ts';
import { runNode } from '../support/server.ts';

afterAll(closeTestDbs);

const root = path.resolve(import.meta.dirname, '../..');
const deadlineOf = async (databaseUrl: string, id: number) =>
  await (await testDb(databaseUrl)).selectFrom('orders').select(['payment_due_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

describe.each(databases)('payment deadlines of orders written by an old server on $kind', ({ databaseUrl }) => {
  it('gives an unpaid order written without a deadline the shop’s window, and none to a paid one', async () => {
    const db = await testDb(databaseUrl);
    // The running servers told the database their windows (the defaults: 30 minutes, 72 hours).
    expect(await db.selectFrom('order_payment_windows').select(['status', 'minutes']).orderBy('status').execute()).toEqual([
      { status: 'pending', minutes: 72 * 60 },
      { status: 'pending_payment', minutes: 30 },
    ]);
    const c = await seedCustomer(databaseUrl);
    const placed = '2026-03-01T10:15:30.250Z';
    const card = await seedOrder(databaseUrl, c.id, { status: 'pending_payment', createdAt: placed, paymentDueAt: null });
    const transfer = await seedOrder(databaseUrl, c.id, { status: 'pending', createdAt: placed, paymentDueAt: null });
    const paid = await seedOrder(databaseUrl, c.id, { status: 'processing', createdAt: placed, paymentDueAt: null });
    expect((await deadlineOf(databaseUrl, card.id)).payment_due_at).toBe('2026-03-01T10:45:30.250Z');
    expect((await deadlineOf(databaseUrl, transfer.id)).payment_due_at).toBe('2026-03-04T10:15:30.250Z');
    expect((await deadlineOf(databaseUrl, paid.id)).payment_due_at).toBeNull();
    // A deadline the writer gave is kept.
    const given = await seedOrder(databaseUrl, c.id, { status: 'pending_payment', createdAt: placed, paymentDueAt: '2026-03-01T11:00:00.000Z' });
    expect((await deadlineOf(databaseUrl, given.id)).payment_due_at).toBe('2026-03-01T11:00:00.000Z');
  });

  it('expires such an order once its window has passed, as any other', async () => {
    const c = await seedCustomer(databaseUrl);
    const order = await seedOrder(databaseUrl, c.id, {
      status: 'pending_payment',
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      paymentDueAt: null,
    });
    const expired = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'orders', 'expire'], { ...process.env, DATABASE_URL: databaseUrl });
    expect(expired.status, expired.output).toBe(0);
    // This pass, or a server's pass just before it, cancelled it.
    expect(await deadlineOf(databaseUrl, order.id)).toMatchObject({ status: 'canceled', payment_due_at: null });
  });
});
