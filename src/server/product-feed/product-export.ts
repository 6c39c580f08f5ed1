/**
 * The catalogue out as Shopify's product CSV, shared by `npm run export:products` and
 * GET /api/admin/products/export: every product (on sale or not) with its variants on sale and its
 * photographs, one row per variant and per further photograph, as Shopify writes them, streamed a
 * product at a time. What the shop keeps beyond Shopify's columns travels in Tags (product-draft.ts),
 * so the file imports back to the same catalogue; photographs are named by their address in the shop
 * (the largest JPEG), which an import recognises and does not fetch again.
 */
import type { Db } from '~/server/db/database.ts';
import { SHOP_METALS } from './product-draft.ts';
import { SHOPIFY_COLUMNS, type ShopifyRow } from './shopify-csv.ts';
import { photoUrl } from './photo-store.ts';

const METAL_NAMES = new Map<string, string>(SHOP_METALS.map((m) => [m.code, m.name]));

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(row: ShopifyRow): string {
  return `${SHOPIFY_COLUMNS.map((c) => csvField(row[c] ?? '')).join(',')}\r\n`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The file, a product at a time; `origin` (https://shop.example) makes photograph addresses absolute. */
export async function* exportProducts(db: Db, origin?: string): AsyncGenerator<string> {
  yield csvLine(Object.fromEntries(SHOPIFY_COLUMNS.map((c) => [c, c])) as ShopifyRow);
  const ids = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const base = (origin ?? '').replace(/\/$/, '');
  for (let i = 0; i < ids.length; i += 100) {
    const page = ids.slice(i, i + 100);
    const [products, variants, attributes, photos] = await Promise.all([
      db
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .selectAll('products')
        .select('categories.name as category')
        .where('products.id', 'in', page)
        .orderBy('products.id')
        .execute(),
      db
        .selectFrom('product_variants')
        .selectAll()
        .where('product_id', 'in', page)
        .where('status', '=', 1)
        .orderBy('metal_position')
        .orderBy('total_carat_weight')
        .orderBy('id')
        .execute(),
      db.selectFrom('product_attributes').selectAll().where('product_id', 'in', page).orderBy('id').execute(),
      db.selectFrom('product_photos').selectAll().where('product_id', 'in', page).orderBy('position').orderBy('id').execute(),
    ]);
    const variantsOf = Map.groupBy(variants, (v) => Number(v.product_id));
    const attributesOf = Map.groupBy(attributes, (a) => Number(a.product_id));
    const photosOf = Map.groupBy(photos, (p) => Number(p.product_id));
    for (const p of products) {
      const id = Number(p.id);
      const vs = variantsOf.get(id) ?? [];
      const attrs = attributesOf.get(id) ?? [];
      const ph = photosOf.get(id) ?? [];
      const design = attrs.find((a) => a.code === 'design')?.value;
      const shapes = JSON.parse(p.accepted_shapes || '[]') as string[];
      const unlisted = [...new Set(vs.filter((v) => !Number(v.metal_show_in_products_list)).map((v) => v.metal_code))];
      const tags = [
        `style:${p.style}`,
        ...(design ? [`design:${design}`] : []),
        ...(Number(p.is_byo) ? ['setting', `shapes:${shapes.join('|')}`, `carat:${Number(p.carat_min)}-${Number(p.carat_max)}`] : []),
        ...(Number(p.has_ring_size) ? ['ring-size'] : []),
        ...unlisted.map((m) => `unlisted:${m}`),
      ];
      const withWeight = vs.some((v) => Number(v.total_carat_weight) > 0);
      const url = (photo: { photo: string; width: number }) => `${base}${photoUrl(photo.photo, Number(photo.width), 'jpg')}`;
      const rows: ShopifyRow[] = vs.map((v) => ({
        Handle: p.slug,
        'Option1 Name': '',
        'Option1 Value': METAL_NAMES.get(v.metal_code) ?? v.metal_code,
        ...(withWeight && { 'Option2 Value': String(Number(v.total_carat_weight)) }),
        'Variant SKU': v.sku,
        'Variant Price': dollars(Number(v.price_cents)),
        'Variant Compare At Price': v.compare_at_cents === null ? '' : dollars(Number(v.compare_at_cents)),
        'Variant Image': (() => {
          const own = ph.find((x) => x.variant_id !== null && Number(x.variant_id) === Number(v.id));
          return own ? url(own) : '';
        })(),
      }));
      // A product whose variants are all off sale still travels (off sale), with none: not importable, so skipped.
      if (!rows.length) continue;
      Object.assign(rows[0]!, {
        Title: p.name,
        // A product imported without a body has its title as description: it goes out without one, as it came.
        'Body (HTML)': p.body_html ?? (p.description === p.name ? '' : `<p>${escapeHtml(p.description)}</p>`),
        Vendor: p.vendor ?? '',
        Type: p.category,
        Tags: tags.join(', '),
        Published: Number(p.status) ? 'TRUE' : 'FALSE',
        'Option1 Name': 'Metal',
        ...(withWeight && { 'Option2 Name': 'Total Carat Weight' }),
        Status: Number(p.status) ? 'active' : 'draft',
        'SEO Title': p.seo_title ?? '',
        'SEO Description': p.seo_description ?? '',
      });
      for (const [n, photo] of ph.entries()) {
        const row = rows[n] ?? (rows[n] = { Handle: p.slug });
        Object.assign(row, { 'Image Src': url(photo), 'Image Position': String(n + 1), 'Image Alt Text': photo.alt });
      }
      for (const row of rows) {
        if (!row['Option1 Name']) delete row['Option1 Name'];
        yield csvLine(row);
      }
    }
  }
}
