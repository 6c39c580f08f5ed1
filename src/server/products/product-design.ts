/** The drawing's design code of a product: its `design` attribute, as a subquery to select beside `products`. */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '~/server/db/schema.ts';

/** `.select((eb) => productDesign(eb).as('design'))` in any query that has `products` in it; null for a product without one. */
export function productDesign(eb: ExpressionBuilder<Database, 'products'>) {
  return eb
    .selectFrom('product_attributes')
    .select('product_attributes.value')
    .whereRef('product_attributes.product_id', '=', 'products.id')
    .where('product_attributes.code', '=', 'design')
    .limit(1);
}
