/**
 * The cart's wire contract (docs/api.md), shared by the server (validation) and the browser
 * (types). Field names are the API's. Values are coerced where an HTML form sends text ("12", "true"),
 * because the add-to-cart form works before JavaScript loads.
 */
import { MAX_ID } from '~/lib/ids.ts';
import { z } from 'zod';
import type { cartAnswerSchema, cartItemSchema, cartSchema, lineProductSchema, lineVariantSchema } from '~/server/cart/cart.answers.ts';

/** Form fields arrive as '' when left empty: read that as "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID, 'is not a known id').optional());
export const optionalText = z.preprocess(blankToUndefined, z.string().trim().max(40).optional());
export const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.toLowerCase()) : blankToUndefined(v)),
  z.boolean().default(false),
);
const id = z.coerce
  .number({ error: 'must be a product or diamond id' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(MAX_ID, 'is not a known id');

/** at most two ids (a setting and a diamond), quantity always 1. */
export const MAX_IDS = 2;
/** The most of one product a single line holds (PUT /api/checkout/cart/update). */
export const MAX_LINE_QUANTITY = 10;

export const cartAddSchema = z
  .object({
    custom_size: optionalText,
    selected_size: optionalText,
    selected_configurable_option: optionalId,
    selected_jewelry_shape: optionalText,
    ids: z.preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z
        .array(id, { error: 'must be a list of one or two ids' })
        .min(1, 'give the id of a product or a diamond')
        .max(MAX_IDS, 'at most two ids: a setting and a diamond'),
    ),
    is_byo: flag,
    quantity: z.preprocess(
      (v) => blankToUndefined(v) ?? 1,
      z.coerce.number().refine((n) => n === 1, 'must be 1: items are added one at a time'),
    ),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.ids).size !== value.ids.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'must not repeat an id' });
    else if (value.ids.length === 2 && !value.is_byo)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'two ids are only for build-your-own (is_byo true)' });
    else if (value.is_byo && value.ids.length !== 2)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'build-your-own takes a setting id and a diamond id' });
  });
export type CartAddPayload = z.input<typeof cartAddSchema>;
export type CartAdd = z.output<typeof cartAddSchema>;

const cartId = z.coerce.number({ error: 'must be your cart id' }).int().positive('must be your cart id').max(MAX_ID, 'is not a known id');

/** PUT /api/checkout/cart/update: `{ data: { items: [{ id, quantity }] } }`, id being the cart line's id. */
export const cartUpdateSchema = z.object({
  data: z.object({
    items: z
      .array(
        z.object({
          id: z.coerce.number().int().positive('must be a cart line id').max(MAX_ID, 'is not a known id'),
          quantity: z.coerce
            .number()
            .int('must be a whole number')
            .min(1, 'must be at least 1 (use delete-items to remove a line)')
            .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
        }),
      )
      .min(1, 'name at least one line'),
  }),
});
export type CartUpdatePayload = z.input<typeof cartUpdateSchema>;

/**
 * DELETE /api/checkout/cart/delete-items: the API's `{ data: { byo_id, cart_id, product_id } }`, plus
 * an optional `cart_item_id` that names one line when the same product sits on several lines.
 */
export const cartDeleteItemSchema = z.object({
  data: z
    .object({
      cart_id: cartId,
      byo_id: z.preprocess(blankToUndefined, z.string().max(64).optional()),
      product_id: optionalId,
      cart_item_id: optionalId,
    })
    .refine((d) => d.byo_id || d.product_id || d.cart_item_id, { path: ['product_id'], message: 'name the product to remove' }),
});
export type CartDeleteItemPayload = z.input<typeof cartDeleteItemSchema>;

export const cartDeleteAllSchema = z.object({ data: z.object({ cart_id: cartId }) });

// The answers' shapes are zod schemas in src/server/cart/cart.answers.ts (also the OpenAPI document's);
// the browser needs only their types, so the import is type-only and adds nothing to a bundle.
export type LineVariant = z.output<typeof lineVariantSchema>;
export type LineProduct = z.output<typeof lineProductSchema>;
export type CartItem = z.output<typeof cartItemSchema>;
export type Cart = z.output<typeof cartSchema>;
/** The amounts a cart and a placed order both answer, each with its `formated_` string. */
export type CartAnswer = z.output<typeof cartAnswerSchema>;
