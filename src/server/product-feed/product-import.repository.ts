/** The product import's reads and writes (Kysely only): one product, whole, inside the caller's transaction. */
import type { Db } from '~/server/db/database.ts';
import { slugify } from '~/server/db/seed/catalog.ts';
import { SHOP_METALS, type ProductDraft } from './product-draft.ts';
import type { ResolvedPhoto } from './photo-source.ts';

export interface KnownProduct {
  id: number;
  import_hash: string | null;
}

export async function productByHandle(db: Db, handle: string): Promise<KnownProduct | undefined> {
  const row = await db.selectFrom('products').select(['id', 'import_hash']).where('slug', '=', handle).executeTakeFirst();
  return row && { id: Number(row.id), import_hash: row.import_hash };
}

/** Variant SKUs that other products hold: sku → that product's handle. */
export async function skusHeldElsewhere(db: Db, skus: string[], productId: number | undefined): Promise<Map<string, string>> {
  if (!skus.length) return new Map();
  let q = db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select(['product_variants.sku', 'products.slug'])
    .where('product_variants.sku', 'in', skus);
  if (productId !== undefined) q = q.where('product_variants.product_id', '!=', productId);
  return new Map((await q.execute()).map((r) => [r.sku, r.slug]));
}

async function categoryFor(db: Db, type: string): Promise<number> {
  const slug = slugify(type);
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', type.toLowerCase()), eb('slug', '=', slug)]))
    .orderBy('position')
    .executeTakeFirst();
  if (found) return Number(found.id);
  const last = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  const row = await db
    .insertInto('categories')
    .values({ slug, name: type, description: '', parent_id: null, position: Number(last?.p ?? -1) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function ensureMetals(db: Db, codes: string[]): Promise<void> {
  const have = new Set((await db.selectFrom('metals').select('code').execute()).map((m) => m.code));
  const missing = SHOP_METALS.filter((m) => codes.includes(m.code) && !have.has(m.code));
  if (missing.length)
    await db
      .insertInto('metals')
      .values(missing.map((m) => ({ ...m })))
      .execute();
}

/** Writes a product whole (new, or the known one in place); its id. */
export async function writeProduct(
  db: Db,
  draft: ProductDraft,
  photos: ResolvedPhoto[],
  known: KnownProduct | undefined,
  hash: string,
  now: string,
): Promise<number> {
  const category_id = await categoryFor(db, draft.type);
  await ensureMetals(
    db,
    draft.variants.map((v) => v.metal),
  );
  const positions = new Map(SHOP_METALS.map((m) => [m.code as string, m.position]));
  const fields = {
    name: draft.title,
    description: draft.description,
    body_html: draft.body_html || null,
    vendor: draft.vendor,
    seo_title: draft.seo_title,
    seo_description: draft.seo_description,
    category_id,
    status: draft.on_sale ? (1 as const) : (0 as const),
    price_cents: Math.min(...draft.variants.map((v) => v.price_cents)),
    style: draft.style,
    is_byo: draft.is_byo ? (1 as const) : (0 as const),
    accepted_shapes: JSON.stringify(draft.accepted_shapes),
    carat_min: draft.carat_min,
    carat_max: draft.carat_max,
    has_ring_size: draft.has_ring_size ? (1 as const) : (0 as const),
    import_hash: hash,
    updated_at: now,
  };
  let id: number;
  if (known) {
    id = known.id;
    await db.updateTable('products').set(fields).where('id', '=', id).execute();
  } else {
    const item = await db.insertInto('items').values({ kind: 'product' }).returning('id').executeTakeFirstOrThrow();
    id = Number(item.id);
    await db
      .insertInto('products')
      .values({ id, sku: draft.handle.toUpperCase(), slug: draft.handle, created_at: now, ...fields })
      .execute();
  }

  // Variants: matched by metal and weight, so carts, wishlists and orders keep theirs; one the file no longer names goes off sale.
  const existing = await db.selectFrom('product_variants').select(['id', 'metal_code', 'total_carat_weight']).where('product_id', '=', id).execute();
  const byKey = new Map(existing.map((v) => [`${v.metal_code}|${Number(v.total_carat_weight)}`, Number(v.id)]));
  const variantIds = new Map<string, number>();
  // SKUs move between variants of one product: free them first (the column is unique).
  if (existing.length)
    await db
      .updateTable('product_variants')
      .set((eb) => ({ sku: eb('sku', '||', `~${now}`) }))
      .where('product_id', '=', id)
      .execute();
  for (const v of draft.variants) {
    const key = `${v.metal}|${v.ctw}`;
    const values = {
      sku: v.sku,
      price_cents: v.price_cents,
      compare_at_cents: v.compare_at_cents,
      status: 1 as const,
      metal_position: positions.get(v.metal) ?? 0,
      metal_show_in_products_list: draft.unlisted.includes(v.metal) ? (0 as const) : (1 as const),
    };
    const found = byKey.get(key);
    if (found !== undefined) {
      await db.updateTable('product_variants').set(values).where('id', '=', found).execute();
      variantIds.set(key, found);
      byKey.delete(key);
    } else {
      const row = await db
        .insertInto('product_variants')
        .values({ product_id: id, metal_code: v.metal, total_carat_weight: v.ctw, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      variantIds.set(key, Number(row.id));
    }
  }
  if (byKey.size)
    await db
      .updateTable('product_variants')
      .set({ status: 0 })
      .where('id', 'in', [...byKey.values()])
      .execute();

  await db.deleteFrom('product_attributes').where('product_id', '=', id).where('code', 'in', ['style', 'design', 'shape']).execute();
  await db
    .insertInto('product_attributes')
    .values([
      { product_id: id, code: 'style', value: draft.style },
      ...(draft.design ? [{ product_id: id, code: 'design', value: draft.design }] : []),
      ...draft.accepted_shapes.map((shape) => ({ product_id: id, code: 'shape', value: shape })),
    ])
    .execute();

  await db.deleteFrom('product_photos').where('product_id', '=', id).execute();
  if (draft.photos.length) {
    await db
      .insertInto('product_photos')
      .values(
        draft.photos.map((p, i) => ({
          product_id: id,
          variant_id: p.variant ? (variantIds.get(`${p.variant.metal}|${p.variant.ctw}`) ?? null) : null,
          position: p.position,
          photo: photos[i]!.photo,
          alt: p.alt,
          width: photos[i]!.width,
          height: photos[i]!.height,
          source: p.src,
        })),
      )
      .execute();
  }
  return id;
}

/** Products on sale whose handle is not among `handles` (for --replace). */
export async function productsOnSaleNotIn(db: Db, handles: Set<string>): Promise<number[]> {
  const rows = await db.selectFrom('products').select(['id', 'slug']).where('status', '=', 1).execute();
  return rows.filter((r) => !handles.has(r.slug)).map((r) => Number(r.id));
}

export async function takeOffSale(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length) await db.updateTable('products').set({ status: 0, updated_at: now }).where('id', 'in', ids).execute();
}
