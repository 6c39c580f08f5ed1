/** Products, their variants, metals and categories in the database (Kysely only). */
import { productDesign } from './product-design.ts';
import type { Db } from '~/server/db/database.ts';

export interface ProductRecord {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  category_slug: string;
  category_name: string;
  status: number;
  price_cents: number;
  style: string;
  /** The drawing's design code (the `design` attribute); null for a product without one. */
  design: string | null;
  is_byo: number;
  accepted_shapes: string;
  carat_min: number | null;
  carat_max: number | null;
  has_ring_size: number;
  created_at: string;
  body_html: string | null;
  seo_title: string | null;
  seo_description: string | null;
}

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

export interface MetalRecord {
  code: string;
  name: string;
  swatch_type: 'image' | 'color';
  swatch_value: string;
  position: number;
}

function productQuery(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.sku',
      'products.slug',
      'products.name',
      'products.description',
      'products.category_id',
      'categories.slug as category_slug',
      'categories.name as category_name',
      'products.status',
      'products.price_cents',
      'products.style',
      'products.is_byo',
      'products.accepted_shapes',
      'products.carat_min',
      'products.carat_max',
      'products.has_ring_size',
      'products.created_at',
      'products.body_html',
      'products.seo_title',
      'products.seo_description',
    ])
    .select((eb) => productDesign(eb).as('design'));
}

const normalise = (r: Omit<ProductRecord, 'design'> & { design?: string | null }): ProductRecord => ({
  ...r,
  design: r.design ?? null,
  id: Number(r.id),
  category_id: Number(r.category_id),
  price_cents: Number(r.price_cents),
  status: Number(r.status),
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
  return rows.map((r) => ({
    ...r,
    product_id: Number(r.product_id),
    variant_id: r.variant_id === null ? null : Number(r.variant_id),
    width: Number(r.width),
    height: Number(r.height),
  }));
}
