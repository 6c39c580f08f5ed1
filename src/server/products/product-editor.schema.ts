/**
 * What staff may send to change a product (the back office's product editor), read by the back-office page
 * (/admin/products/{id}) and the JSON routes (/api/admin/products/{id}…) alike: its name, its description
 * (HTML, sanitised as the import sanitises it), on sale or not, its variants' prices in dollars, the
 * order of its photographs. Prices are dollars with at most two decimals on the wire, integer cents after.
 */
import { z } from 'zod';

/** As the import's Title (src/server/product-feed/product-draft.ts). */
export const PRODUCT_NAME_MAX = 200;
export const DESCRIPTION_MAX = 50_000;
/** $1,000,000.00: the dearest piece the shop prices by hand. */
export const MAX_PRICE_CENTS = 100_000_000;
export const PRICE_MESSAGE = 'Give a price in dollars above $0.00 and at most $1,000,000.00, such as 1290 or 1290.50';

/** A price in dollars (a number, or text such as "1,290.50" or "$1290") → integer cents. */
export const priceSchema = z.union([z.number(), z.string()], { error: PRICE_MESSAGE }).transform((v, ctx) => {
  let cents: number | undefined;
  if (typeof v === 'number') {
    const c = Math.round(v * 100);
    if (Number.isFinite(v) && Math.abs(v * 100 - c) < 1e-6) cents = c;
  } else {
    const t = v.replace(/[$,\s]/g, '');
    if (/^\d{1,9}(\.\d{1,2})?$/.test(t)) cents = Math.round(Number(t) * 100);
  }
  if (cents === undefined || cents < 1 || cents > MAX_PRICE_CENTS) {
    ctx.addIssue({ code: 'custom', message: PRICE_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

export const productNameSchema = z
  .string({ error: 'Give the product a name' })
  .trim()
  .min(1, 'Give the product a name')
  .max(PRODUCT_NAME_MAX, `Use at most ${PRODUCT_NAME_MAX} characters`);

export const productPatchSchema = z
  .object({
    name: productNameSchema.optional(),
    description: z
      .string({ error: 'Give the description as HTML text' })
      .max(DESCRIPTION_MAX, `Use at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters`)
      .optional()
      .describe('HTML: paragraphs, lists, headings, emphasis, tables and links are kept; anything else is taken out'),
    on_sale: z.boolean({ error: 'Give true (on sale) or false (off sale)' }).optional(),
    prices: z
      .array(
        z.object({
          variant_id: z.number({ error: 'Give the variant id' }).int('Give the variant id').positive('Give the variant id'),
          price: priceSchema.describe('Dollars, at most two decimals: 1290.5 or "1,290.50"'),
        }),
        { error: 'Give a list of { variant_id, price }' },
      )
      .max(500, 'At most 500 prices at once')
      .optional()
      .describe("New prices of the product's variants (owners and managers only: an editor gets 403)"),
    photo_order: z
      .array(z.number({ error: 'Give photo ids' }).int('Give photo ids').positive('Give photo ids'), { error: 'Give a list of photo ids' })
      .max(200, 'At most 200 photos')
      .optional()
      .describe("Every photo id of the product, in the order the shop shows them (the first is the listing's picture)"),
  })
  .strict();
export type ProductPatch = z.output<typeof productPatchSchema>;

/** `/api/admin/products/{id}` */
export const staffProductPathSchema = z.object({ id: z.string().describe("The product's id") });
/** `/api/admin/products/{id}/photos/{photoId}` */
export const staffPhotoPathSchema = staffProductPathSchema.extend({ photoId: z.string().describe("The photo's id (`photos[].id`)") });

/** The back-office list (/admin/products): search by name, handle or SKU, on sale or not, newest first. */
export const productFilterSchema = z.object({
  q: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  sale: z
    .enum(['on', 'off'], { error: 'Choose on sale or off sale' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: z.coerce.number({ error: 'Use a page number' }).int('Use a page number').min(1, 'Use a page number').max(100_000).default(1),
});
export type ProductFilter = z.output<typeof productFilterSchema>;
