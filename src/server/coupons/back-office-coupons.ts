/**
 * Coupons in the back office (/admin/coupons): create, edit and disable codes (percentage or amount,
 * minimum order, limits in total and per e-mail, a first and a last day), with their use counts. The checkout reads
 * the same rows (src/server/checkout/coupon.repository.ts), so a saved coupon applies at once.
 */
import { z } from 'zod';
import { getDb } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import type { CouponsTable } from '~/server/db/schema.ts';
import type { Selectable } from 'kysely';

type Coupon = Selectable<CouponsTable>;

/** An optional form field: null when empty, else what `parse` makes of it; `message` when that is undefined. */
const optionalField = <T>(message: string, parse: (v: string) => T | undefined) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const value = parse(v);
      if (value !== undefined) return value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

const optionalWhole = (what: string) =>
  optionalField(`Give ${what} as a whole number from 1, or leave it empty`, (v) => (/^\d{1,7}$/.test(v) && Number(v) >= 1 ? Number(v) : undefined));

/** A day (YYYY-MM-DD) as that day's instant at `time` UTC. */
const optionalDay = (time: string, example: string) =>
  optionalField(`Give a date such as ${example}, or leave it empty`, (v) => {
    const at = `${v}T${time}Z`;
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(at)) ? at : undefined;
  });

export const couponSchema = z
  .object({
    code: z
      .string({ error: 'Give the code' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'Use 3 to 32 letters, digits, dashes or underscores'),
    kind: z.enum(['percent', 'fixed'], { error: 'Choose a percentage or an amount' }),
    value: z
      .string({ error: 'Give the discount' })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Give the discount as a number, such as 10 or 25.00'),
    min_subtotal: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return 0;
        if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) {
          ctx.addIssue({ code: 'custom', message: 'Give the minimum order in dollars, such as 500.00, or leave it empty' });
          return z.NEVER;
        }
        return Math.round(Number(v) * 100);
      }),
    usage_limit: optionalWhole('the total limit'),
    per_customer_limit: optionalWhole('the limit per e-mail address'),
    starts_on: optionalDay('00:00:00.000', '2026-12-01'),
    expires_on: optionalDay('23:59:59.999', '2026-12-31'),
    is_active: z
      .string()
      .optional()
      .transform((v) => (v === '1' ? (1 as const) : (0 as const))),
  })
  .transform((c, ctx) => {
    const n = Number(c.value);
    const value = c.kind === 'percent' ? n : Math.round(n * 100);
    if (c.kind === 'percent' && (!Number.isInteger(n) || n < 1 || n > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
      return z.NEVER;
    }
    if (c.starts_on && c.expires_on && c.starts_on > c.expires_on) {
      ctx.addIssue({ code: 'custom', path: ['starts_on'], message: 'The first day comes after the last day' });
      return z.NEVER;
    }
    if (c.kind === 'fixed' && value < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Give an amount from 0.01' });
      return z.NEVER;
    }
    return {
      code: c.code,
      kind: c.kind,
      value,
      min_subtotal_cents: c.min_subtotal,
      usage_limit: c.usage_limit,
      per_customer_limit: c.per_customer_limit,
      expires_at: c.expires_on,
      starts_at: c.starts_on,
      is_active: c.is_active,
    };
  });
export type CouponInput = z.output<typeof couponSchema>;

export async function listCoupons(): Promise<Coupon[]> {
  const db = await getDb();
  return db.selectFrom('coupons').selectAll().orderBy('is_active', 'desc').orderBy('code').execute();
}

export async function findCouponById(id: number): Promise<Coupon> {
  const db = await getDb();
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Coupon not found');
  return row;
}

const shown = (
  c: Pick<Coupon, 'code' | 'kind' | 'value' | 'min_subtotal_cents' | 'usage_limit' | 'per_customer_limit' | 'expires_at' | 'starts_at' | 'is_active'>,
) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_subtotal_cents: c.min_subtotal_cents,
  usage_limit: c.usage_limit,
  per_customer_limit: c.per_customer_limit,
  expires_at: c.expires_at,
  starts_at: c.starts_at,
  is_active: c.is_active === 1,
});

export async function createCoupon(actor: Actor, input: CouponInput): Promise<number> {
  const db = await getDb();
  const row = await db
    .insertInto('coupons')
    .values({ ...input, times_used: 0, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new HttpError(409, 'code: This code already exists', 'validation_failed', { code: ['This code already exists: edit it instead'] });
  await recordActivity(actor, {
    action: 'coupon.create',
    subjectType: 'coupon',
    subjectId: input.code,
    summary: `Created coupon ${input.code}`,
    after: shown(input),
  });
  return row.id;
}

export async function updateCoupon(actor: Actor, id: number, input: CouponInput): Promise<void> {
  const db = await getDb();
  const before = await findCouponById(id);
  if (input.code !== before.code && (await db.selectFrom('coupons').select('id').where('code', '=', input.code).executeTakeFirst())) {
    throw new HttpError(409, 'code: This code already exists', 'validation_failed', { code: ['This code already exists'] });
  }
  await db.updateTable('coupons').set(input).where('id', '=', id).execute();
  await recordActivity(actor, {
    action: input.is_active ? 'coupon.edit' : 'coupon.disable',
    subjectType: 'coupon',
    subjectId: input.code,
    summary: `${before.is_active && !input.is_active ? 'Disabled' : 'Edited'} coupon ${input.code}`,
    before: shown(before),
    after: shown(input),
  });
}

export async function setCouponActive(actor: Actor, id: number, active: boolean): Promise<void> {
  const db = await getDb();
  const before = await findCouponById(id);
  await db
    .updateTable('coupons')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  await recordActivity(actor, {
    action: active ? 'coupon.enable' : 'coupon.disable',
    subjectType: 'coupon',
    subjectId: before.code,
    summary: `${active ? 'Enabled' : 'Disabled'} coupon ${before.code}`,
    before: { is_active: before.is_active === 1 },
    after: { is_active: active },
  });
}
