/** Checkout's answers as zod schemas: their one description (types for the browser, OpenAPI document). */
import { z } from 'zod';
import { checkoutAddressSchema, PAYMENT_METHODS } from '~/features/checkout/checkout.schema.ts';
import { amount, cartSchema } from '~/server/cart/cart.answers.ts';

export const shippingRateSchema = z.object({
  id: z.string(),
  code: z.string(),
  carrier_title: z.string(),
  method_title: z.string(),
  description: z.string(),
  price: z.number(),
  formated_price: z.string(),
});

export const paymentMethodSchema = z.object({ method: z.enum(PAYMENT_METHODS), method_title: z.string(), description: z.string() });

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export const regionsAnswerSchema = z.object({ data: z.array(regionSchema) });

/** The cart as checkout answers it: the cart's lines and every total with its `formated_` string. */
export const checkoutCartSchema = cartSchema.extend({
  billing_address: checkoutAddressSchema.nullable(),
  shipping_address: checkoutAddressSchema.nullable(),
  instructions: z.string().nullable(),
  selected_shipping_rate: shippingRateSchema.nullable(),
  payment: z.object({ method: z.enum(PAYMENT_METHODS), method_title: z.string() }).nullable(),
  coupon_code: z.string().nullable(),
  /** Why the saved coupon no longer applies (the order cannot be placed until it is removed). */
  coupon_error: z.string().nullable(),
  ...amount('store_credit_amount'),
  /** The signed-in customer's balance; 0 for guests. */
  ...amount('store_credit_balance'),
  is_guest: z.boolean(),
});

export const checkoutAnswerSchema = z.object({ message: z.string(), data: checkoutCartSchema });
export const saveAddressAnswerSchema = z.object({ message: z.string(), data: z.object({ cart: checkoutCartSchema, rates: z.array(shippingRateSchema) }) });
export const shippingRatesAnswerSchema = z.object({ data: z.array(shippingRateSchema) });
export const paymentMethodsAnswerSchema = z.object({ data: z.array(paymentMethodSchema) });

const orderLineImageSchema = z.object({ medium_image_url: z.string() });

/** An order line, in checkout's placed order and in the customer's order view alike. */
export const orderLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  byo_id: z.string().nullable(),
  qty_ordered: z.number().int(),
  ...amount('price'),
  ...amount('total'),
  /** The line's tax; 0 where none applies. */
  ...amount('tax_amount'),
  /** The choices made when it was bought (metal, size, shape…), as saved then. */
  options: z.unknown(),
  /** The product or stone it came from, while it still exists. */
  product: z
    .object({
      id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      status: z.boolean(),
      base_image: orderLineImageSchema.nullable(),
      images: z.array(orderLineImageSchema),
    })
    .optional(),
});

/** An order's amounts but its grand total (which its summary in a list carries too). */
export const orderAmounts = { ...amount('sub_total'), ...amount('discount_amount'), ...amount('shipping_amount'), ...amount('store_credit_amount') };

/** An order's tax, in its summary, its view and checkout's answer alike, and its invoice number once it has one. */
export const orderTaxFields = {
  ...amount('tax_total'),
  /** The tax on shipping (part of tax_total). */
  ...amount('shipping_tax_amount'),
  tax_label: z.string().nullable(),
  /** The rate as a fraction (0.08875). */
  tax_rate: z.number(),
  tax_included: z.boolean(),
  /** INV-2026-000001 once the order is paid (or placed, for cash on delivery); null before. */
  invoice_number: z.string().nullable(),
};

export const placedOrderSchema = z.object({
  id: z.number().int(),
  increment_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  email: z.string(),
  order_token: z.string(),
  is_unpaid: z.boolean(),
  items: z.array(orderLineSchema),
  ...orderAmounts,
  ...amount('grand_total'),
  ...orderTaxFields,
  coupon_code: z.string().nullable(),
  shipping_method: z.string().nullable(),
  payment_method: z.string(),
  payment_title: z.string(),
  billing_address: checkoutAddressSchema,
  shipping_address: checkoutAddressSchema,
  instructions: z.string().nullable(),
  created_at: z.string(),
});

/** save-order and update-order: the order, and where to go next when a payment page comes first. */
export const orderAnswerSchema = z.object({ message: z.string(), order: placedOrderSchema, redirect_url: z.string().optional() });
