/**
 * Reads the products (with category, variants and metal names) and diamonds behind cart and wishlist
 * lines, a whole cart at a time: one query per table however many lines there are.
 */
import { productDesign } from '~/server/products/product-design.ts';
import type { Db } from '~/server/db/database.ts';
import type { DiamondRow, ProductRow, VariantRow } from '~/server/db/schema.ts';

/** A variant of a product in a cart or wishlist line (not products/product.repository.ts's VariantRecord, the catalogue's). */
export type ItemVariantRecord = VariantRow & { metal_name: string };

export interface ProductItemRecord {
  kind: 'product';
  id: number;
  product: ProductRow & { category: string; design: string | null };
  variants: ItemVariantRecord[];
}

export interface DiamondRecord {
  kind: 'diamond';
  id: number;
  diamond: DiamondRow;
}

export type ItemRecord = ProductItemRecord | DiamondRecord;

export async function loadItems(db: Db, ids: Iterable<number>): Promise<Map<number, ItemRecord>> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, ItemRecord>();
  if (!wanted.length) return found;
  const [products, diamonds] = await Promise.all([
    db
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .selectAll('products')
      .select('categories.slug as category')
      .select((eb) => productDesign(eb).as('design'))
      .where('products.id', 'in', wanted)
      .execute(),
    db.selectFrom('diamonds').selectAll().where('id', 'in', wanted).execute(),
  ]);
  const variants = products.length
    ? await db
        .selectFrom('product_variants')
        .innerJoin('metals', 'metals.code', 'product_variants.metal_code')
        .selectAll('product_variants')
        .select('metals.name as metal_name')
        .where(
          'product_variants.product_id',
          'in',
          products.map((p) => p.id),
        )
        .orderBy('product_variants.metal_position')
        .orderBy('product_variants.total_carat_weight')
        .orderBy('product_variants.id')
        .execute()
    : [];
  const byProduct = Map.groupBy(variants, (v) => v.product_id);
  for (const product of products) found.set(product.id, { kind: 'product', id: product.id, product, variants: byProduct.get(product.id) ?? [] });
  for (const diamond of diamonds) found.set(diamond.id, { kind: 'diamond', id: diamond.id, diamond });
  return found;
}
