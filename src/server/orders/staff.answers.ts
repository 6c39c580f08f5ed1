/** The operators' order routes' requests and answers as zod schemas (routes, presenters' types, OpenAPI). */
import { z } from 'zod';

export const staffOrderPathSchema = z.object({ id: z.string().describe('The order id (digits) or its number (AU100001)') });

/** The ship request: the carrier's name and the parcel's tracking number. */
export const shipRequestSchema = z.object({
  carrier: z.string({ error: 'Give the carrier' }).trim().min(1, 'Give the carrier').max(60, 'carrier: at most 60 characters'),
  tracking: z
    .string({ error: 'Give the tracking number' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,59}$/, 'tracking: 3 to 60 letters, digits, spaces or dashes'),
});
export type ShipRequest = z.output<typeof shipRequestSchema>;

/** An amount in dollars with at most two decimals, as money is written (120, 120.5, "120.00"). */
const dollars = z.union([z.number(), z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount: a sum in dollars such as 120.00')], { error: 'amount: give the sum to refund in dollars, such as 120.00' }).transform((v, ctx) => {
  const cents = Math.round(Number(v) * 100);
  if (!Number.isFinite(Number(v)) || Math.abs(Number(v) * 100 - cents) > 1e-6 || cents < 1 || cents > 100_000_000_00) {
    ctx.addIssue({ code: 'custom', message: 'amount: a sum in dollars from 0.01, with at most two decimals' });
    return z.NEVER;
  }
  return cents;
});

/** The refund request: `amount` in dollars (the API's unit for money) and why. */
export const refundRequestSchema = z.object({
  amount: dollars.describe('Dollars, at most two decimals; never more than what is paid and not yet refunded'),
  reason: z.string().trim().max(200, 'reason: at most 200 characters').optional(),
});

/** A bank transfer received: the reference it came with (default: the order number). */
export const markPaidRequestSchema = z.object({
  reference: z.string().trim().min(1, 'reference: give the transfer reference, or leave it out').max(120, 'reference: at most 120 characters').optional(),
});

export const staffOrderSchema = z.object({
  id: z.number().int(),
  increment_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  email: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  grand_total_cents: z.number().int(),
  status_history: z.array(z.object({ status: z.string(), status_label: z.string(), created_at: z.string() })),
  payment_method: z.string(),
  /** Who took the money: stripe, test, banktransfer (null: unpaid, or cash on delivery). */
  payment_provider: z.string().nullable(),
  /** The payment at its provider (Stripe's PaymentIntent id) or the bank transfer's reference. */
  payment_reference: z.string().nullable(),
  paid_cents: z.number().int().describe('What the order\'s payments took'),
  refunded_cents: z.number().int().describe('Refunds asked for and not refused by the provider'),
  refundable_cents: z.number().int().describe('What can still be refunded'),
  /** Money handed back, each refund as its provider answered it. */
  refunds: z.array(
    z.object({
      amount_cents: z.number().int(),
      reason: z.string(),
      created_at: z.string(),
      provider: z.string().nullable(),
      provider_refund_id: z.string().nullable(),
      status: z.string().describe('pending, succeeded, failed, canceled, requires_action, or manual (a transfer paid back by staff)'),
    }),
  ),
});

export const staffOrderAnswerSchema = z.object({ message: z.string(), data: staffOrderSchema });
