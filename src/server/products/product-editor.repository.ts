/** The back office's reads and writes of one product, its variants' prices and its photographs (Kysely only). */
import { columnsOf } from '~/server/db/columns.ts';
import type { Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { ProductPhotosTable } from '~/server/db/schema.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { ProductFilter } from './product-editor.schema.ts';
import { productDesign } from './product-design.ts';
import { CATEGORY_COLUMNS, photoNumbers, productNumbers, productsWithCategory } from './product-columns.ts';

export interface StaffProductRow {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  body_html: string | null;
  status: number;
  price_cents: number;
  style: string;
  design: string | null;
  category_slug: string;
  category_name: string;
  created_at: string;
  updated_at: string;
}

export interface StaffVariantRow {
  id: number;
  sku: string;
  metal_code: string;
  metal_name: string;
  total_carat_weight: number;
  price_cents: number;
  compare_at_cents: number | null;
}

/** A photograph as the editor reads it: its row without the product and the source it came from. */
export type StaffPhotoRow = Omit<Selectable<ProductPhotosTable>, 'product_id' | 'source'>;

function productQuery(db: Db) {
  return productsWithCategory(db)
    .select([
      ...columnsOf('products', ['id', 'sku', 'slug', 'name', 'description', 'body_html', 'status', 'price_cents', 'style']),
      ...CATEGORY_COLUMNS,
      'products.created_at',
      'products.updated_at',
    ])
    .select((eb) => productDesign(eb).as('design'));
}

const toRow = (r: Omit<StaffProductRow, 'design'> & { design?: string | null }): StaffProductRow => productNumbers(r);

/** One product; inside a transaction on PostgreSQL its row is locked until the transaction ends. */
export async function staffProduct(db: Db, id: number, lock = false): Promise<StaffProductRow | undefined> {
  if (lock && !isSqlite(db)) await db.selectFrom('products').select('id').where('id', '=', id).forUpdate().execute();
  const row = await productQuery(db).where('products.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** The variants on sale of a product, lightest first, by metal. */
export async function staffVariants(db: Db, id: number): Promise<StaffVariantRow[]> {
  const rows = await db
    .selectFrom('product_variants')
    .leftJoin('metals', 'metals.code', 'product_variants.metal_code')
    .select([
      ...columnsOf('product_variants', ['id', 'sku', 'metal_code']),
      'metals.name as metal_name',
      ...columnsOf('product_variants', ['total_carat_weight', 'price_cents', 'compare_at_cents']),
    ])
    .where('product_variants.product_id', '=', id)
    .where('product_variants.status', '=', 1)
    .orderBy('product_variants.total_carat_weight')
    .orderBy('product_variants.metal_position')
    .orderBy('product_variants.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    metal_name: r.metal_name ?? r.metal_code,
    total_carat_weight: Number(r.total_carat_weight),
    price_cents: Number(r.price_cents),
    compare_at_cents: r.compare_at_cents === null ? null : Number(r.compare_at_cents),
  }));
}

/** A product's photographs in the order the shop shows them. */
export async function staffPhotos(db: Db, id: number): Promise<StaffPhotoRow[]> {
  const rows = await db
    .selectFrom('product_photos')
    .select(['id', 'variant_id', 'position', 'photo', 'alt', 'width', 'height'])
    .where('product_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...photoNumbers(r), id: Number(r.id), position: Number(r.position) }));
}

export interface StaffProductListRow extends StaffProductRow {
  photo: string | null;
  variants: number;
}

/** Products by name, handle or SKU (a variant's too), on sale or not, newest first; a page of them and the count. */
export async function listStaffProducts(db: Db, f: ProductFilter, perPage: number): Promise<{ rows: StaffProductListRow[]; total: number }> {
  let q = productQuery(db);
  const text = f.q?.toLowerCase();
  if (text) {
    const like = `%${text.replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['products.name']), 'like', like),
        eb(eb.fn('lower', ['products.slug']), 'like', like),
        eb(eb.fn('lower', ['products.sku']), 'like', like),
        eb.exists(
          eb
            .selectFrom('product_variants')
            .select('product_variants.id')
            .whereRef('product_variants.product_id', '=', 'products.id')
            .where((v) => v(v.fn('lower', ['product_variants.sku']), 'like', like)),
        ),
      ]),
    );
  }
  if (f.sale) q = q.where('products.status', '=', f.sale === 'on' ? 1 : 0);
  const [rows, n] = await Promise.all([
    q
      .select((eb) => [
        eb
          .selectFrom('product_photos')
          .select('product_photos.photo')
          .whereRef('product_photos.product_id', '=', 'products.id')
          .orderBy('product_photos.position')
          .orderBy('product_photos.id')
          .limit(1)
          .as('photo'),
        eb
          .selectFrom('product_variants')
          .select((v) => v.fn.countAll<number>().as('n'))
          .whereRef('product_variants.product_id', '=', 'products.id')
          .where('product_variants.status', '=', 1)
          .as('variants'),
      ])
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(perPage)
      .offset((f.page - 1) * perPage)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...toRow(r), photo: r.photo ?? null, variants: Number(r.variants ?? 0) })),
    total: Number(n.n),
  };
}

export async function updateProductRow(
  db: Db,
  id: number,
  fields: Partial<{ name: string; description: string; body_html: string | null; status: 0 | 1 }>,
  now: string,
): Promise<void> {
  // The import's digest no longer describes the product: the next import of its handle writes it again.
  await db
    .updateTable('products')
    .set({ ...fields, import_hash: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setVariantPrice(db: Db, variantId: number, cents: number, compareAt: number | null): Promise<void> {
  await db.updateTable('product_variants').set({ price_cents: cents, compare_at_cents: compareAt }).where('id', '=', variantId).execute();
}

/** The product's price: its cheapest variant on sale's (listings sort and filter on it). */
export async function refreshProductPrice(db: Db, id: number): Promise<void> {
  const row = await db
    .selectFrom('product_variants')
    .select((eb) => eb.fn.min('price_cents').as('p'))
    .where('product_id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (row?.p !== null && row?.p !== undefined)
    await db
      .updateTable('products')
      .set({ price_cents: Number(row.p) })
      .where('id', '=', id)
      .execute();
}

export async function insertPhoto(
  db: Db,
  productId: number,
  photo: { photo: string; width: number; height: number; alt: string; source: string },
): Promise<StaffPhotoRow> {
  const last = await db
    .selectFrom('product_photos')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  const position = Number(last?.p ?? 0) + 1;
  const row = await db
    .insertInto('product_photos')
    .values({ product_id: productId, variant_id: null, position, ...photo })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), variant_id: null, position, photo: photo.photo, alt: photo.alt, width: photo.width, height: photo.height };
}

export async function deletePhoto(db: Db, productId: number, photoId: number): Promise<void> {
  await db.deleteFrom('product_photos').where('product_id', '=', productId).where('id', '=', photoId).execute();
}

/** Positions 1, 2, 3 … in the order given. */
export async function setPhotoOrder(db: Db, productId: number, photoIds: number[]): Promise<void> {
  for (const [i, photoId] of photoIds.entries())
    await db
      .updateTable('product_photos')
      .set({ position: i + 1 })
      .where('product_id', '=', productId)
      .where('id', '=', photoId)
      .execute();
}
