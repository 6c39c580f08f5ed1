/** What site search indexes: every piece on sale with its category, style, metals and stones (Kysely only). */
import { columnsOf } from '~/server/db/columns.ts';
import { CATEGORY_COLUMNS, productsWithCategory } from '~/server/products/product-columns.ts';
import type { Db } from '~/server/db/database.ts';
import { photosOf, type PhotoRecord } from '~/server/products/product.repository.ts';

export interface SearchDocument {
  id: number;
  sku: string;
  name: string;
  description: string;
  category_slug: string;
  category_name: string;
  category_description: string;
  style: string;
  design: string | null;
  price_cents: number;
  /** The metals of the variants on sale, in the shop's metal order, each with its lowest price. */
  metals: { code: string; name: string; min_cents: number }[];
  /** The largest total carat weight on offer (0: plain metal, or a setting without side stones). */
  max_ctw: number;
  is_byo: boolean;
  accepted_shapes: string[];
  /** The product's first photograph, or null: the drawing stands in. */
  photo?: PhotoRecord | null;
}

/** The revision the triggers of migration 0016 bump whenever the jewellery changes. */
export async function searchRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('search_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export async function searchDocuments(db: Db): Promise<SearchDocument[]> {
  const products = await productsWithCategory(db)
    .select([
      ...columnsOf('products', ['id', 'sku', 'name', 'description', 'style', 'price_cents', 'is_byo', 'accepted_shapes']),
      ...CATEGORY_COLUMNS,
      'categories.description as category_description',
    ])
    .where('products.status', '=', 1)
    .orderBy('products.id')
    .execute();
  const variants = await db
    .selectFrom('product_variants')
    .innerJoin('metals', 'metals.code', 'product_variants.metal_code')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.product_id',
      ...columnsOf('metals', ['code', 'name', 'position']),
      'product_variants.total_carat_weight',
      'product_variants.price_cents',
    ])
    .where('product_variants.status', '=', 1)
    .where('products.status', '=', 1)
    .orderBy('metals.position')
    .execute();
  const designs = await db.selectFrom('product_attributes').select(['product_id', 'value']).where('code', '=', 'design').execute();
  const designOf = new Map(designs.map((d) => [Number(d.product_id), d.value]));
  const photoOf = new Map<number, PhotoRecord>();
  for (const ph of await photosOf(
    db,
    products.map((p) => Number(p.id)),
  ))
    if (!photoOf.has(ph.product_id) || (photoOf.get(ph.product_id)!.variant_id !== null && ph.variant_id === null)) photoOf.set(ph.product_id, ph);
  const byProduct = new Map<number, typeof variants>();
  for (const v of variants) {
    const id = Number(v.product_id);
    byProduct.set(id, [...(byProduct.get(id) ?? []), v]);
  }
  return products.map((p) => {
    const id = Number(p.id);
    const own = byProduct.get(id) ?? [];
    let shapes: string[] = [];
    try {
      const parsed: unknown = JSON.parse(p.accepted_shapes);
      if (Array.isArray(parsed)) shapes = parsed.filter((s): s is string => typeof s === 'string');
    } catch {
      shapes = [];
    }
    return {
      id,
      sku: p.sku,
      name: p.name,
      description: p.description,
      category_slug: p.category_slug,
      category_name: p.category_name,
      category_description: p.category_description,
      style: p.style,
      design: designOf.get(id) ?? null,
      price_cents: Number(p.price_cents),
      metals: [...new Set(own.map((v) => v.code))].map((code) => {
        const of = own.filter((v) => v.code === code);
        return { code, name: of[0]!.name, min_cents: Math.min(...of.map((v) => Number(v.price_cents))) };
      }),
      max_ctw: Math.max(0, ...own.map((v) => Number(v.total_carat_weight))),
      is_byo: Number(p.is_byo) === 1,
      accepted_shapes: shapes,
      photo: photoOf.get(id) ?? null,
    };
  });
}
