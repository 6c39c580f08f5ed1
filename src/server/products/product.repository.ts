/** Products, their variants, metals and categories in the database (Kysely only). */
import { columnsOf } from '~/server/db/columns.ts';
import { productDesign } from './product-design.ts';
import { CATEGORY_COLUMNS, photoNumbers, productNumbers, productsWithCategory } from './product-columns.ts';
import type { Db } from '~/server/db/database.ts';
import type { MetalsTable, ProductsTable } from '~/server/db/schema.ts';

export type ProductRecord = Pick<
  ProductsTable,
  | 'id'
  | 'sku'
  | 'slug'
  | 'name'
  | 'description'
  | 'category_id'
  | 'price_cents'
  | 'style'
  | 'accepted_shapes'
  | 'carat_min'
  | 'carat_max'
  | 'created_at'
  | 'body_html'
  | 'seo_title'
  | 'seo_description'
> & {
  category_slug: string;
  category_name: string;
  status: number;
  is_byo: number;
  has_ring_size: number;
  /** The drawing's design code (the `design` attribute); null for a product without one. */
  design: string | null;
};

export interface VariantRecord {
  id: number;
  product_id: number;
  sku: string;
  metal_code: string;
  metal_position: number;
  metal_show_in_products_list: number;
  total_carat_weight: number;
  price_cents: number;
  status: number;
}

export type MetalRecord = MetalsTable;

function productQuery(db: Db) {
  return productsWithCategory(db)
    .select([
      ...columnsOf('products', ['id', 'sku', 'slug', 'name', 'description', 'category_id']),
      ...CATEGORY_COLUMNS,
      ...columnsOf('products', [
        'status',
        'price_cents',
        'style',
        'is_byo',
        'accepted_shapes',
        'carat_min',
        'carat_max',
        'has_ring_size',
        'created_at',
        'body_html',
        'seo_title',
        'seo_description',
      ]),
    ])
    .select((eb) => productDesign(eb).as('design'));
}

const normalise = (r: Omit<ProductRecord, 'design'> & { design?: string | null }): ProductRecord => ({
  ...productNumbers(r),
  category_id: Number(r.category_id),
  is_byo: Number(r.is_byo),
  has_ring_size: Number(r.has_ring_size),
  carat_min: r.carat_min === null ? null : Number(r.carat_min),
  carat_max: r.carat_max === null ? null : Number(r.carat_max),
});

/** Products on sale, optionally within some categories and only settings that take a diamond. */
export async function productsOnSale(db: Db, scope: { categoryIds?: number[]; isByo?: boolean } = {}): Promise<ProductRecord[]> {
  let q = productQuery(db).where('products.status', '=', 1);
  if (scope.categoryIds) q = scope.categoryIds.length ? q.where('products.category_id', 'in', scope.categoryIds) : q.where('products.id', '<', 0);
  if (scope.isByo) q = q.where('products.is_byo', '=', 1);
  return (await q.orderBy('products.id').execute()).map(normalise);
}

export async function findProduct(db: Db, id: number): Promise<ProductRecord | undefined> {
  const row = await productQuery(db).where('products.id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function variantsOf(db: Db, productIds: number[]): Promise<VariantRecord[]> {
  if (!productIds.length) return [];
  const rows = await db.selectFrom('product_variants').selectAll().where('product_id', 'in', productIds).where('status', '=', 1).execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    product_id: Number(r.product_id),
    metal_position: Number(r.metal_position),
    metal_show_in_products_list: Number(r.metal_show_in_products_list),
    total_carat_weight: Number(r.total_carat_weight),
    price_cents: Number(r.price_cents),
    status: Number(r.status),
  }));
}

export async function allMetals(db: Db): Promise<MetalRecord[]> {
  return db.selectFrom('metals').selectAll().orderBy('position').execute();
}

export async function allCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'slug', 'name', 'description']).orderBy('position').execute();
}

export interface PhotoRecord {
  product_id: number;
  variant_id: number | null;
  photo: string;
  alt: string;
  width: number;
  height: number;
}

/** The photographs of some products, in their order (migration 0028). */
export async function photosOf(db: Db, productIds: number[]): Promise<PhotoRecord[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_photos')
    .select(['product_id', 'variant_id', 'photo', 'alt', 'width', 'height'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ ...photoNumbers(r), product_id: Number(r.product_id) }));
}
