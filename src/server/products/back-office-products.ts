/**
 * Products in the back office (/admin/products, /api/admin/products/{id}…):
 * staff find a product and change its name, description, whether it is on sale, its variants' prices
 * (owners and managers: the `prices` right) and its photographs (upload, remove, reorder).
 *
 * - The description is sanitised exactly as the import sanitises Body (HTML) (product-draft.ts), and its
 *   plain text kept beside it for search and listings, as the import keeps it.
 * - An upload goes through the import's photo pipeline (photo-store.ts: AVIF, WebP and JPEG at several
 *   widths under PHOTO_DIR, named by content), before and outside the transaction.
 * - Each change is one transaction: the writes and its activity record (before and after) together, or
 *   nothing. Every write to products, variants and photographs bumps the jewellery's revision (database
 *   triggers, migrations 0016 and 0028), so the shared page cache and the site search drop what they
 *   hold at once: the shop shows the change on the next request.
 * - An edited product forgets its import digest: the next import of its handle writes the file's version.
 */
import { centsToDollars, formatCents } from '~/lib/money.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { plainText, sanitiseBody } from '~/server/product-feed/product-draft.ts';
import { PhotoError, storePhoto } from '~/server/product-feed/photo-store.ts';
import { recordActivity, type ActivityEntry, type Actor } from '~/server/staff/activity.ts';
import { can } from '~/server/staff/roles.ts';
import type { PhotoUpload } from './photo-upload.ts';
import { photoUrl, photoWidths } from './product-photos.ts';
import type { ProductFilter, ProductPatch } from './product-editor.schema.ts';
import type { StaffProduct } from './product-editor.answers.ts';
import {
  deletePhoto,
  insertPhoto,
  listStaffProducts,
  refreshProductPrice,
  setPhotoOrder,
  setVariantPrice,
  staffPhotos,
  staffProduct,
  staffVariants,
  updateProductRow,
  type StaffPhotoRow,
  type StaffProductListRow,
  type StaffProductRow,
  type StaffVariantRow,
} from './product-editor.repository.ts';
import { productImageUrl } from './product-images.ts';

export const PRODUCTS_PER_PAGE = 25;
/** Photographs one product may have. */
export const MAX_PHOTOS = 40;

/** Whether this actor may change prices: owners and managers, and the operator's token and command line. */
export const canChangePrices = (actor: Actor): boolean => actor.kind !== 'staff' || (actor.role !== null && can(actor.role, 'prices'));

const missing = () => notFound('No product with this id');

function present(p: StaffProductRow, variants: StaffVariantRow[], photos: StaffPhotoRow[]): StaffProduct {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    url: `/products/${p.id}`,
    on_sale: p.status === 1,
    description: p.description,
    body_html: p.body_html,
    category: { slug: p.category_slug, name: p.category_name },
    price: centsToDollars(p.price_cents),
    price_cents: p.price_cents,
    formated_price: formatCents(p.price_cents),
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      metal_code: v.metal_code,
      metal_name: v.metal_name,
      total_carat_weight: v.total_carat_weight,
      price: centsToDollars(v.price_cents),
      price_cents: v.price_cents,
      formated_price: formatCents(v.price_cents),
    })),
    photos: photos.map((ph, i) => {
      const widths = photoWidths(ph.width);
      return {
        id: ph.id,
        photo: ph.photo,
        position: i + 1,
        alt: ph.alt,
        width: ph.width,
        height: ph.height,
        variant_id: ph.variant_id,
        src: photoUrl(ph.photo, widths.find((w) => w >= 640) ?? widths.at(-1)!, 'jpg'),
        thumbnail: photoUrl(ph.photo, widths[0]!, 'jpg'),
      };
    }),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

async function load(db: Db, id: number, lock = false): Promise<{ product: StaffProductRow; variants: StaffVariantRow[]; photos: StaffPhotoRow[] }> {
  const product = await staffProduct(db, id, lock);
  if (!product) throw missing();
  const [variants, photos] = await Promise.all([staffVariants(db, id), staffPhotos(db, id)]);
  return { product, variants, photos };
}

export async function productForStaff(id: number): Promise<StaffProduct> {
  const { product, variants, photos } = await load(await getDb(), id);
  return present(product, variants, photos);
}

export interface StaffProductListItem {
  id: number;
  name: string;
  slug: string;
  sku: string;
  on_sale: boolean;
  category: string;
  price_cents: number;
  variants: number;
  /** The first photograph's smallest JPEG, else the drawing the shop shows. */
  picture: string;
  photographed: boolean;
  updated_at: string;
}

export async function listProductsForStaff(filter: ProductFilter): Promise<{ rows: StaffProductListItem[]; total: number; pages: number }> {
  const { rows, total } = await listStaffProducts(await getDb(), filter, PRODUCTS_PER_PAGE);
  const item = (r: StaffProductListRow): StaffProductListItem => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    on_sale: r.status === 1,
    category: r.category_name,
    price_cents: r.price_cents,
    variants: r.variants,
    picture: r.photo ? photoUrl(r.photo, 320, 'jpg') : productImageUrl(r.category_slug, r.style, '14k_yellow_gold', { design: r.design }),
    photographed: r.photo !== null,
    updated_at: r.updated_at,
  });
  return { rows: rows.map(item), total, pages: Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE)) };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The description as the editor edits it: the sanitised HTML, or for a product that has only plain text
 * (the demo's), that text as HTML. Saving it unchanged changes nothing.
 */
export function descriptionHtml(p: Pick<StaffProductRow, 'body_html' | 'description'> | Pick<StaffProduct, 'body_html' | 'description'>): string {
  return p.body_html ?? sanitiseBody(escapeHtml(p.description));
}

const fieldError = (field: string, message: string, status = 400) => new HttpError(status, `${field}: ${message}`, 'validation_failed', { [field]: [message] });

/** The photographs in a new order, checked to be exactly the product's. */
function checkedOrder(photos: StaffPhotoRow[], order: number[]): number[] {
  const ids = new Set(photos.map((p) => p.id));
  if (order.length !== ids.size || new Set(order).size !== order.length || order.some((id) => !ids.has(id)))
    throw fieldError('photo_order', `Give every photo id of this product once (${[...ids].join(', ') || 'it has none'})`);
  return order;
}

export interface ChangeOutcome {
  product: StaffProduct;
  /** What changed, in words ("name, prices"); empty when nothing did. */
  changed: string[];
}

/** Changes a product's texts, sale, prices and photo order in one transaction, with its activity record. */
export async function changeProduct(actor: Actor, id: number, patch: ProductPatch): Promise<ChangeOutcome> {
  if (patch.prices?.length && !canChangePrices(actor))
    throw new HttpError(403, `Your role (${actor.role}) cannot change prices: ask an owner or a manager`, 'forbidden', {
      prices: ['Only an owner or a manager can change prices'],
    });
  const db = await getDb();
  return writeTransaction(db, async (trx) => {
    const { product, variants, photos } = await load(trx, id, true);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changed: string[] = [];
    const fields: Parameters<typeof updateProductRow>[2] = {};

    const name = patch.name ?? product.name;
    if (name !== product.name) {
      fields.name = name;
      before.name = product.name;
      after.name = name;
      changed.push('name');
    }
    const current = descriptionHtml(product);
    if (patch.description !== undefined) {
      const sanitised = sanitiseBody(patch.description);
      if (sanitised !== current) {
        before.body_html = product.body_html;
        after.body_html = sanitised || null;
        fields.body_html = sanitised || null;
        // The plain text, as the import keeps it: the description's words, else the name.
        fields.description = plainText(sanitised) || name;
        changed.push('description');
      }
    }
    // A product without words of its own is described by its name.
    if (fields.name && fields.description === undefined && !plainText(current)) fields.description = name;
    if (patch.on_sale !== undefined && patch.on_sale !== (product.status === 1)) {
      fields.status = patch.on_sale ? 1 : 0;
      before.on_sale = product.status === 1;
      after.on_sale = patch.on_sale;
      changed.push(patch.on_sale ? 'on sale' : 'off sale');
    }

    const repriced: { variant: StaffVariantRow; cents: number }[] = [];
    const seen = new Set<number>();
    for (const [i, p] of (patch.prices ?? []).entries()) {
      const variant = variants.find((v) => v.id === p.variant_id);
      if (!variant || seen.has(p.variant_id))
        throw fieldError(`prices.${i}.variant_id`, variant ? 'This variant is priced twice' : 'This product has no variant on sale with this id');
      seen.add(p.variant_id);
      if (p.price !== variant.price_cents) repriced.push({ variant, cents: p.price });
    }
    if (repriced.length) {
      before.prices = Object.fromEntries(repriced.map((r) => [r.variant.sku, r.variant.price_cents]));
      after.prices = Object.fromEntries(repriced.map((r) => [r.variant.sku, r.cents]));
      changed.push(repriced.length === 1 ? 'a price' : `${repriced.length} prices`);
    }

    const order = patch.photo_order && checkedOrder(photos, patch.photo_order);
    const reordered = order !== undefined && order.some((photoId, i) => photos[i]!.id !== photoId);
    if (reordered) {
      before.photo_order = photos.map((p) => p.id);
      after.photo_order = order;
      changed.push('photo order');
    }

    if (!changed.length) return { product: present(product, variants, photos), changed };
    const now = new Date().toISOString();
    await updateProductRow(trx, id, fields, now);
    for (const r of repriced) {
      // A "compare at" price below the new price means nothing any more (and the import would refuse it).
      const compareAt = r.variant.compare_at_cents !== null && r.variant.compare_at_cents < r.cents ? null : r.variant.compare_at_cents;
      await setVariantPrice(trx, r.variant.id, r.cents, compareAt);
    }
    if (repriced.length) await refreshProductPrice(trx, id);
    if (reordered) await setPhotoOrder(trx, id, order);
    await recordActivity(
      actor,
      {
        action: 'product.edit',
        subjectType: 'product',
        subjectId: String(id),
        summary: `Edited product ${name} (${changed.join(', ')})`,
        before,
        after,
      },
      trx,
    );
    return { product: await presentNow(trx, id), changed };
  });
}

/** The product as it now is, for the editor. */
async function presentNow(trx: Db, id: number): Promise<StaffProduct> {
  const fresh = await load(trx, id);
  return present(fresh.product, fresh.variants, fresh.photos);
}

/** Marks the product changed (its updated_at), records the change, and answers the product as it now is. */
async function touchedAndRecorded(trx: Db, actor: Actor, id: number, entry: Omit<ActivityEntry, 'subjectType' | 'subjectId'>): Promise<StaffProduct> {
  await updateProductRow(trx, id, {}, new Date().toISOString());
  await recordActivity(actor, { ...entry, subjectType: 'product', subjectId: String(id) }, trx);
  return presentNow(trx, id);
}

/** Adds a photograph (processed first, outside the transaction) at the end of the product's. */
export async function addProductPhoto(actor: Actor, id: number, upload: PhotoUpload): Promise<StaffProduct> {
  const db = await getDb();
  const known = await staffProduct(db, id);
  if (!known) throw missing();
  let stored;
  try {
    stored = await storePhoto(upload.bytes);
  } catch (error) {
    if (error instanceof PhotoError) throw fieldError('photo', `The picture was refused: ${error.message}`);
    throw error;
  }
  return writeTransaction(db, async (trx) => {
    const { product, photos } = await load(trx, id, true);
    if (photos.length >= MAX_PHOTOS) throw fieldError('photo', `A product has at most ${MAX_PHOTOS} photos: remove one first`, 409);
    const row = await insertPhoto(trx, id, {
      photo: stored.photo,
      width: stored.width,
      height: stored.height,
      alt: upload.alt,
      source: photoUrl(stored.photo, stored.width, 'jpg'),
    });
    return touchedAndRecorded(trx, actor, id, {
      action: 'product.photo_add',
      summary: `Added a photo to product ${product.name} (photo ${photos.length + 1} of ${photos.length + 1})`,
      before: { photos: photos.map((p) => p.photo) },
      after: { photos: [...photos.map((p) => p.photo), row.photo], alt: upload.alt },
    });
  });
}

/** Takes a photograph off the product (its files stay in the store: another product or an old page may show them). */
export async function removeProductPhoto(actor: Actor, id: number, photoId: number): Promise<StaffProduct> {
  const db = await getDb();
  return writeTransaction(db, async (trx) => {
    const { product, photos } = await load(trx, id, true);
    const gone = photos.find((p) => p.id === photoId);
    if (!gone) throw notFound('This product has no photo with this id');
    const rest = photos.filter((p) => p.id !== photoId);
    await deletePhoto(trx, id, photoId);
    await setPhotoOrder(
      trx,
      id,
      rest.map((p) => p.id),
    );
    return touchedAndRecorded(trx, actor, id, {
      action: 'product.photo_remove',
      summary: `Removed photo ${photos.indexOf(gone) + 1} of product ${product.name}`,
      before: { photos: photos.map((p) => p.photo) },
      after: { photos: rest.map((p) => p.photo) },
    });
  });
}

/** Moves a photograph one place earlier or later (the back office's buttons); at either end nothing changes. */
export async function moveProductPhoto(actor: Actor, id: number, photoId: number, direction: 'up' | 'down'): Promise<ChangeOutcome> {
  const { photos } = await load(await getDb(), id);
  const at = photos.findIndex((p) => p.id === photoId);
  if (at === -1) throw notFound('This product has no photo with this id');
  const to = direction === 'up' ? at - 1 : at + 1;
  const order = photos.map((p) => p.id);
  if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!];
  return changeProduct(actor, id, { photo_order: order });
}
