/** Coupons, their redemptions and the store-credit ledger (Kysely only). */
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { CouponsTable } from '~/server/db/schema.ts';

export type CouponRow = Selectable<CouponsTable>;

export function findCoupon(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code.toUpperCase()).executeTakeFirst();
}

/** Redemptions of a coupon by one shopper: by customer id, or by e-mail for a guest. */
export async function countRedemptions(db: Db, couponId: number, who: { customerId?: number | null; email?: string | null }): Promise<number> {
  if (!who.customerId && !who.email) return 0;
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where((eb) => {
      const ors = [];
      if (who.customerId) ors.push(eb('customer_id', '=', who.customerId));
      if (who.email) ors.push(eb('email', '=', who.email.toLowerCase()));
      return eb.or(ors);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes one use of the coupon, if one is left. The condition is in the UPDATE itself, so two orders
 * racing for the last use cannot both get it (on PostgreSQL the second waits for the first's row lock
 * and then finds the limit reached).
 */
export async function takeCouponUse(db: Db, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRedemption(db: Db, values: { coupon_id: number; order_id: number; customer_id: number | null; email: string }): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ ...values, email: values.email.toLowerCase(), created_at: new Date().toISOString() })
    .execute();
}

export async function creditBalance(db: Db, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('store_credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCredit(db: Db, values: { customer_id: number; amount_cents: number; reason: string; order_id: number | null }): Promise<void> {
  await db
    .insertInto('store_credit_ledger')
    .values({ ...values, created_at: new Date().toISOString() })
    .execute();
}
