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
const dollars = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, 'amount: a sum in dollars such as 120.00'),
    ],
    { error: 'amount: give the sum to refund in dollars, such as 120.00' },
  )
  .transform((v, ctx) => {
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
  paid_cents: z.number().int().describe("What the order's payments took"),
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
      tax_cents: z.number().int().describe('The tax this refund gives back, in proportion'),
      credit_note_number: z.string().nullable().describe('CN-2026-000001 once the provider accepted it'),
    }),
  ),
  tax_cents: z.number().int().describe("The order's tax (included in the prices when tax_included)"),
  tax_label: z.string().nullable(),
  tax_included: z.boolean(),
  invoice_number: z.string().nullable().describe('INV-2026-000001 once paid; the PDF is GET /api/admin/orders/{id}/invoice'),
});

/** GET /api/admin/orders/{id}/invoice?format=json: what the invoice PDF says. */
export const staffInvoiceSchema = z.object({
  number: z.string(),
  date: z.string(),
  order_number: z.string(),
  order_date: z.string(),
  seller: z.object({ name: z.string(), address: z.array(z.string()), tax_id: z.string().nullable() }),
  buyer: z.array(z.string()),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      details: z.array(z.string()),
      quantity: z.number().int(),
      unit_price_cents: z.number().int(),
      total_cents: z.number().int(),
      tax_cents: z.number().int(),
    }),
  ),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  shipping_cents: z.number().int(),
  shipping_method: z.string().nullable(),
  shipping_tax_cents: z.number().int(),
  tax: z.object({ label: z.string(), rate: z.number(), included: z.boolean(), cents: z.number().int() }).nullable(),
  store_credit_cents: z.number().int(),
  total_cents: z.number().int(),
  payment: z.string(),
  credit_notes: z.array(z.object({ number: z.string(), date: z.string(), amount_cents: z.number().int(), tax_cents: z.number().int(), reason: z.string() })),
});
export const staffInvoiceAnswerSchema = z.object({ data: staffInvoiceSchema });

export const staffOrderAnswerSchema = z.object({ message: z.string(), data: staffOrderSchema });
