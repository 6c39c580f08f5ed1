/** The customer's order endpoints' answers as zod schemas: their one description (presenters' types, OpenAPI document). */
import { z } from 'zod';
import { amount } from '~/server/cart/cart.answers.ts';
import { orderAmounts, orderLineSchema, orderTaxFields } from '~/server/checkout/checkout.answers.ts';

export const orderSummarySchema = z.object({
  id: z.number().int(),
  increment_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  is_unpaid: z.boolean(),
  created_at: z.string(),
  ...amount('grand_total'),
  ...orderTaxFields,
});

export const orderListAnswerSchema = z.object({
  data: z.array(orderSummarySchema.extend({ items_count: z.number().int() })),
  meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
});
export type OrderList = z.output<typeof orderListAnswerSchema>;

/** Addresses are as saved with the order (see checkout's address); null when none was saved. */
export const orderDetailSchema = orderSummarySchema.extend({
  email: z.string(),
  items: z.array(orderLineSchema),
  ...orderAmounts,
  coupon_code: z.string().nullable(),
  shipping_method: z.string().nullable(),
  payment_method: z.string(),
  /** The method's title as shoppers read it ("Bank transfer"); `payment_method` is its code. */
  payment_title: z.string(),
  billing_address: z.record(z.string(), z.unknown()).nullable(),
  shipping_address: z.record(z.string(), z.unknown()).nullable(),
  instructions: z.string().nullable(),
  /** When an unpaid order's payment window ends (null once it is paid or cancelled). */
  payment_due_at: z.string().nullable(),
  /** Every status the order has had, oldest first, with when it took it. */
  status_history: z.array(z.object({ status: z.string(), status_label: z.string(), created_at: z.string() })),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's tracking page (UPS, FedEx, USPS, DHL), else the order's page; null until shipped. */
  tracking_url: z.string().nullable(),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;
export const orderDetailAnswerSchema = z.object({ data: orderDetailSchema });

export const paymentLinkSchema = z.object({ url: z.string(), order_id: z.number().int() });
export const paymentLinkAnswerSchema = z.object({ message: z.string(), data: paymentLinkSchema, url: z.string() });
