/**
 * Products: rows to API objects (variants, images, metal swatches), the listing with its filters and
 * facets, and one product. The catalogue is small (tens of pieces), so a listing loads its scope
 * (category, settings only) with two queries and filters, counts and sorts in memory: every facet
 * "with the other filters applied" costs nothing extra.
 */
import { getDb, type Db } from '~/server/db/database.ts';
import { centsToDollars, formatCents } from '~/lib/money.ts';
import { caratFraction } from '~/lib/fractions.ts';
import type { Product, ProductFacets, ProductFilters, ProductPage, ProductSort, ProductVariant } from '~/features/products/product.ts';
import { styleLabel } from '~/features/products/product.ts';
import { productDesign, productImageAlt, productImageUrl } from './product-images.ts';
import {
  allMetals,
  findProduct,
  photosOf,
  productsOnSale,
  variantsOf,
  type MetalRecord,
  type PhotoRecord,
  type ProductRecord,
  type VariantRecord,
} from './product.repository.ts';
import { toPhoto } from './product-photos.ts';

export interface ProductListQuery {
  page_number: number;
  page_size: number;
  sort_by: ProductSort;
  sort_direction?: 'asc' | 'desc';
  categoryIds?: number[];
  isByo?: boolean;
  filters: ProductFilters;
}

const byWeightThenMetal = (a: VariantRecord, b: VariantRecord) =>
  a.total_carat_weight - b.total_carat_weight || a.metal_position - b.metal_position || a.id - b.id;

/** from the group with the smallest total carat weight, those shown in lists, by metal position. */
export function listingVariants(variants: VariantRecord[]): VariantRecord[] {
  if (!variants.length) return [];
  const smallest = Math.min(...variants.map((v) => v.total_carat_weight));
  return variants.filter((v) => v.total_carat_weight === smallest && v.metal_show_in_products_list).sort(byWeightThenMetal);
}

export function toProduct(
  p: ProductRecord,
  variants: VariantRecord[],
  metals: Map<string, MetalRecord>,
  listing: boolean,
  base = '/products',
  photoRecords: PhotoRecord[] = [],
): Product {
  const mine = variants.filter((v) => v.product_id === p.id).sort(byWeightThenMetal);
  const photos = photoRecords.filter((r) => r.product_id === p.id).map((r) => toPhoto(r, p.name));
  // A variant shows its own photograph, else the product's first (a variant's own is not another's).
  const photoOf = (v: VariantRecord) => photos.find((ph) => ph.variant_id === v.id) ?? photos.find((ph) => ph.variant_id === null) ?? photos[0] ?? null;
  const shown = listing ? listingVariants(mine) : mine;
  const image = (metal: string) => {
    const variant = mine.find((v) => v.metal_code === metal) ?? mine[0];
    const photo = variant ? photoOf(variant) : null;
    const url = photo ? photo.src : productImageUrl(p.category_slug, p.style, metal, { design: p.design });
    return { small_image_url: url, medium_image_url: url, large_image_url: url, original_image_url: url, metal };
  };
  const metalCodes = [...new Set(shown.map((v) => v.metal_code))].sort((a, b) => (metals.get(a)?.position ?? 0) - (metals.get(b)?.position ?? 0));
  const images = (metalCodes.length ? metalCodes : ['14k_yellow_gold']).map(image);
  const toVariant = (v: VariantRecord): ProductVariant => ({
    id: v.id,
    sku: v.sku,
    metal_code: v.metal_code,
    metal_name: metals.get(v.metal_code)?.name ?? v.metal_code,
    metal_position: v.metal_position,
    metal_show_in_products_list: Boolean(v.metal_show_in_products_list),
    total_carat_weight: v.total_carat_weight,
    total_carat_weight_fraction: caratFraction(v.total_carat_weight),
    price: centsToDollars(v.price_cents),
    formated_price: formatCents(v.price_cents),
    status: Boolean(v.status),
    image_url: photoOf(v)?.src ?? productImageUrl(p.category_slug, p.style, v.metal_code, { design: p.design }),
    image_alt: photoOf(v)?.alt ?? productImageAlt(p.category_slug, p.style, v.metal_code, { design: p.design }),
    photo: photoOf(v),
  });
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    url: `${base}/${p.id}`,
    status: Boolean(p.status),
    price: centsToDollars(p.price_cents),
    formated_price: formatCents(p.price_cents),
    description: p.description,
    category: { id: p.category_id, slug: p.category_slug, name: p.category_name },
    style: p.style,
    design: productDesign(p.category_slug, p.style, p.design),
    is_byo: Boolean(p.is_byo),
    has_ring_size: Boolean(p.has_ring_size),
    accepted_shapes: JSON.parse(p.accepted_shapes || '[]') as string[],
    carat_min: p.carat_min,
    carat_max: p.carat_max,
    images,
    base_image: images[0]!,
    photos,
    body_html: p.body_html,
    seo_title: p.seo_title,
    seo_description: p.seo_description,
    variants: shown.map(toVariant),
    attributes: {
      metal: metalCodes.map((code) => {
        const m = metals.get(code);
        return {
          code,
          admin_name: m?.name ?? code,
          attribute_swatch_type: m?.swatch_type ?? 'color',
          attribute_swatch_value: m?.swatch_value ?? '#ccc',
          position: m?.position ?? 0,
        };
      }),
      style: [{ code: p.style, admin_name: styleLabel(p.style) }],
    },
    created_at: p.created_at,
  };
}

type Candidate = { p: ProductRecord; metals: Set<string>; shapes: string[] };
const FILTERS = ['metal', 'style', 'shape', 'price'] as const;

function passes(c: Candidate, f: ProductFilters, except?: (typeof FILTERS)[number]): boolean {
  if (except !== 'metal' && f.metal?.length && !f.metal.some((m) => c.metals.has(m))) return false;
  if (except !== 'style' && f.style?.length && !f.style.includes(c.p.style)) return false;
  if (except !== 'shape' && f.shape?.length && !f.shape.some((s) => c.shapes.includes(s))) return false;
  if (f.carat !== undefined && !(c.p.is_byo && f.carat >= (c.p.carat_min ?? 0) && f.carat <= (c.p.carat_max ?? Infinity))) return false;
  const dollars = c.p.price_cents / 100;
  if (except !== 'price' && f.price && ((f.price.min !== undefined && dollars < f.price.min) || (f.price.max !== undefined && dollars > f.price.max)))
    return false;
  return true;
}

function facetsOf(candidates: Candidate[], f: ProductFilters): ProductFacets {
  const count = (key: 'metal' | 'style' | 'shape', values: (c: Candidate) => Iterable<string>) => {
    const out: Record<string, number> = {};
    for (const c of candidates) if (passes(c, f, key)) for (const v of new Set(values(c))) out[v] = (out[v] ?? 0) + 1;
    return out;
  };
  const prices = candidates.filter((c) => passes(c, f, 'price')).map((c) => c.p.price_cents);
  return {
    metal: count('metal', (c) => c.metals),
    style: count('style', (c) => [c.p.style]),
    shape: count('shape', (c) => c.shapes),
    price: prices.length ? { min: centsToDollars(Math.min(...prices)), max: centsToDollars(Math.max(...prices)) } : null,
  };
}

export async function listProducts(q: ProductListQuery, options: { db?: Db; base?: string } = {}): Promise<ProductPage> {
  const db = options.db ?? (await getDb());
  const rows = await productsOnSale(db, { categoryIds: q.categoryIds, isByo: q.isByo });
  const [variants, metals] = await Promise.all([
    variantsOf(
      db,
      rows.map((r) => r.id),
    ),
    allMetals(db),
  ]);
  const metalsByProduct = Map.groupBy(variants, (v) => v.product_id);
  const candidates: Candidate[] = rows.map((p) => ({
    p,
    metals: new Set((metalsByProduct.get(p.id) ?? []).map((v) => v.metal_code)),
    shapes: JSON.parse(p.accepted_shapes || '[]') as string[],
  }));
  const matching = candidates.filter((c) => passes(c, q.filters));
  const direction = q.sort_direction ?? (q.sort_by === 'newest' ? 'desc' : 'asc');
  const sign = direction === 'asc' ? 1 : -1;
  const key = (a: ProductRecord, b: ProductRecord) =>
    q.sort_by === 'price'
      ? a.price_cents - b.price_cents
      : q.sort_by === 'name'
        ? a.name.localeCompare(b.name, 'en')
        : a.created_at.localeCompare(b.created_at);
  matching.sort((a, b) => sign * (key(a.p, b.p) || a.p.id - b.p.id));
  const page = matching.slice((q.page_number - 1) * q.page_size, q.page_number * q.page_size);
  const metalMap = new Map(metals.map((m) => [m.code, m]));
  const photos = await photosOf(
    db,
    page.map((c) => c.p.id),
  );
  return {
    data: page.map((c) => toProduct(c.p, variants, metalMap, true, options.base, photos)),
    meta: { page_number: q.page_number, page_size: q.page_size, total: matching.length, total_pages: Math.ceil(matching.length / q.page_size) },
    facets: facetsOf(candidates, q.filters),
  };
}

/** One product with every variant on sale (not only the listing ones); off-sale products too, with status false. */
export async function getProduct(id: number, options: { db?: Db; base?: string } = {}): Promise<Product | undefined> {
  const db = options.db ?? (await getDb());
  const row = await findProduct(db, id);
  if (!row) return undefined;
  const [variants, metals, photos] = await Promise.all([variantsOf(db, [row.id]), allMetals(db), photosOf(db, [row.id])]);
  return toProduct(row, variants, new Map(metals.map((m) => [m.code, m])), false, options.base, photos);
}
