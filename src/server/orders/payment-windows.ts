/**
 * Tells the database this shop's payment windows (src/server/orders/payment-hold.ts), so that its trigger
 * (migration 0017) gives an order written without a deadline (by a server from before migration 0011,
 * during a rolling upgrade) the same deadline this code would. Written by every app server as it starts.
 */
import type { Db } from '~/server/db/database.ts';
import { cardHoldMinutes, transferHoldHours } from './payment-hold.ts';

export async function recordPaymentWindows(db: Db): Promise<void> {
  for (const [status, minutes] of [
    ['pending_payment', cardHoldMinutes()],
    ['pending', transferHoldHours() * 60],
  ] as const) {
    await db
      .insertInto('order_payment_windows')
      .values({ status, minutes })
      .onConflict((oc) => oc.column('status').doUpdateSet({ minutes }))
      .execute();
  }
}
