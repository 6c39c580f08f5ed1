/**
 * The checkout's wire contract (docs/api.md: Address, Checkout, Order update), shared by the
 * server (validation) and the checkout islands (types). The shape is checked here; what depends on the
 * country (states, postcodes, phone numbers) is checked on the server against the datasets.
 */
import { MAX_ID } from '~/lib/ids.ts';
import { z } from 'zod';
import { addressSchema, countryCode, looseBoolean, nullableText, requiredText } from '~/features/account/address.schema.ts';
import type {
  checkoutCartSchema,
  orderAnswerSchema,
  orderLineSchema,
  paymentMethodSchema,
  placedOrderSchema,
  regionSchema,
  shippingRateSchema,
} from '~/server/checkout/checkout.answers.ts';

/**
 * The account's address (docs/api.md) with the names required, the country and the phone checked here
 * only for their form (the server checks them for the country), and, for a guest, the e-mail address the
 * order is sent to. The names and e-mail come first: fields are checked, and errors named, in this order.
 */
export const checkoutAddressSchema = z.object({
  first_name: requiredText('the first name', 100),
  last_name: requiredText('the last name', 100),
  email: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).optional(),
  ),
  ...addressSchema.omit({ first_name: true, last_name: true }).shape,
  country: countryCode('Choose a country'),
  phone: requiredText('a phone number', 30),
});
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;

/** POST /api/checkout/save-address. Without `shipping`, the order ships to the billing address. */
export const saveAddressSchema = z.object({
  billing: checkoutAddressSchema,
  shipping: checkoutAddressSchema.nullish(),
  instructions: nullableText(500),
});
export type SaveAddressPayload = z.input<typeof saveAddressSchema>;

/** POST /api/checkout/get-shipping-rates: `addresses.shipping` (or the saved one when omitted). */
export const shippingRatesSchema = z.object({
  addresses: z.object({ billing: z.unknown().optional(), shipping: checkoutAddressSchema }).optional(),
});

export const saveShippingSchema = z.object({
  selected_shipping_rate_id: z.string({ error: 'Choose a shipping method' }).trim().min(1, 'Choose a shipping method').max(200),
});

export const PAYMENT_METHODS = ['banktransfer', 'cashondelivery', 'card'] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];

export const paymentMethodsSchema = z.object({ checkCart: looseBoolean.optional() });

export const savePaymentSchema = z.object({
  payment: z.object({ method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }) }, { error: 'Choose a payment method' }),
});

export const couponSchema = z.object({
  code: z.string({ error: 'Enter a coupon code' }).trim().toUpperCase().min(1, 'Enter a coupon code').max(40, 'Use at most 40 characters'),
});

/** Dollars, as the shopper types them (up to cents). */
export const storeCreditSchema = z.object({
  amount: z.coerce
    .number({ error: 'Enter an amount in dollars' })
    .positive('Enter an amount above zero')
    .max(1_000_000, 'Enter a smaller amount')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals'),
});

/** DELETE /api/checkout/cart/delete-storecredits: the API's `{ data }` is accepted and not needed. */
export const removeStoreCreditSchema = z.object({ data: z.unknown().optional() });

/** POST /api/checkout/save-order: `paymentData` is accepted and ignored; prices come from the server. */
export const saveOrderSchema = z.object({ paymentData: z.unknown().optional() });

export const updateOrderSchema = z.object({
  cart_id: z.coerce.number().int().positive().max(MAX_ID, 'is not a known id').nullish(),
  orderId: z.coerce.number({ error: 'Give the order id' }).int('Give the order id').positive('Give the order id').max(MAX_ID, 'is not a known id'),
  orderToken: z.string({ error: 'Give the order token' }).trim().min(10, 'Give the order token').max(200),
  paymentData: z
    .object({ session: z.string().max(200).optional() })
    .loose()
    .nullish(),
  paymentMethod: z.literal('card', { error: 'Orders are paid later by card' }).default('card'),
});

// The answers' shapes are zod schemas in src/server/checkout/checkout.answers.ts; type-only here.
export type ShippingRate = z.output<typeof shippingRateSchema>;
export type PaymentMethod = z.output<typeof paymentMethodSchema>;
export type Region = z.output<typeof regionSchema>;
export type CheckoutCart = z.output<typeof checkoutCartSchema>;
export type OrderLine = z.output<typeof orderLineSchema>;
export type PlacedOrder = z.output<typeof placedOrderSchema>;
export type SaveOrderAnswer = z.output<typeof orderAnswerSchema>;
