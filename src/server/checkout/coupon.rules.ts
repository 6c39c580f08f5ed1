/**
 * Whether a coupon applies to a cart, and how much it takes off. One coupon per cart; percent coupons
 * take a share of the subtotal, fixed ones an amount, never more than the subtotal.
 */
import type { Db } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { countRedemptions, findCoupon, type CouponRow } from './coupon.repository.ts';

export interface CouponCheck {
  coupon?: CouponRow;
  /** Why it does not apply, in words for the shopper; undefined when it applies. */
  problem?: string;
  discountCents: number;
}

export function discountOf(coupon: CouponRow, subtotalCents: number): number {
  const raw = coupon.kind === 'percent' ? Math.round((subtotalCents * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(raw, subtotalCents));
}

export async function checkCoupon(
  db: Db,
  code: string,
  subtotalCents: number,
  who: { customerId?: number | null; email?: string | null },
  now = new Date(),
): Promise<CouponCheck> {
  const coupon = await findCoupon(db, code);
  if (!coupon || coupon.is_active !== 1) return { problem: 'This coupon code is not valid', discountCents: 0 };
  if (coupon.expires_at && coupon.expires_at <= now.toISOString()) return { coupon, problem: 'This coupon has expired', discountCents: 0 };
  if (coupon.starts_at && coupon.starts_at > now.toISOString())
    return { coupon, problem: `This coupon is valid from ${coupon.starts_at.slice(0, 10)}`, discountCents: 0 };
  if (coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) return { coupon, problem: 'This coupon has been used up', discountCents: 0 };
  if (subtotalCents < coupon.min_subtotal_cents) {
    return { coupon, problem: `This coupon needs a subtotal of at least ${formatCents(coupon.min_subtotal_cents)}`, discountCents: 0 };
  }
  if (coupon.per_customer_limit !== null && (await countRedemptions(db, coupon.id, who)) >= coupon.per_customer_limit) {
    return { coupon, problem: 'You have already used this coupon', discountCents: 0 };
  }
  return { coupon, discountCents: discountOf(coupon, subtotalCents) };
}
