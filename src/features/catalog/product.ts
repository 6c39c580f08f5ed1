/** Products as the catalogue answers them (docs/api.md, Catalogue), shared by server, pages and islands. */
import type { MetalCode } from './metals.ts';

export const PRODUCT_SORTS = ['price', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_FILTER_KEYS = ['metal', 'price', 'style', 'shape'] as const;

export interface ProductFilters {
  metal?: string[];
  style?: string[];
  shape?: string[];
  price?: { min?: number; max?: number };
  /** A centre diamond's carat weight: settings whose carat range holds it. */
  carat?: number;
}

export interface ProductImage {
  small_image_url: string;
  medium_image_url: string;
  large_image_url: string;
  original_image_url: string;
  metal: string;
}

export interface MetalSwatch {
  code: MetalCode | string;
  admin_name: string;
  attribute_swatch_type: 'image' | 'color';
  /** A colour as plain text (#e4e4e1) or JSON ({"from":…,"to":…}), or an image path. */
  attribute_swatch_value: string;
  position: number;
}

export interface ProductVariant {
  id: number;
  sku: string;
  metal_code: string;
  metal_name: string;
  metal_position: number;
  metal_show_in_products_list: boolean;
  total_carat_weight: number;
  /** The weight as the trade writes it: "1/2", "1 1/2" (spec section 9); "0" for plain metal. */
  total_carat_weight_fraction: string;
  price: number;
  formated_price: string;
  status: boolean;
  image_url: string;
}

export interface Product {
  id: number;
  sku: string;
  name: string;
  slug: string;
  url: string;
  status: boolean;
  price: number;
  formated_price: string;
  description: string;
  category: { id: number; slug: string; name: string };
  style: string;
  is_byo: boolean;
  has_ring_size: boolean;
  accepted_shapes: string[];
  carat_min: number | null;
  carat_max: number | null;
  images: ProductImage[];
  base_image: ProductImage;
  variants: ProductVariant[];
  attributes: { metal: MetalSwatch[]; style: { code: string; admin_name: string }[] };
  created_at: string;
  selected_jewelry_shape?: string | null;
}

export type ProductFacets = { metal: Record<string, number>; style: Record<string, number>; shape: Record<string, number> } & {
  price: { min: number; max: number } | null;
};

export interface ProductPage<P extends ProductCardData = Product> {
  data: P[];
  meta: { page_number: number; page_size: number; total: number; total_pages: number };
  facets: ProductFacets;
}

/** What a listing card shows of a product: all the listing island is handed for its first page. */
export type ProductCardData = Pick<Product, 'id' | 'name' | 'url' | 'formated_price'> & {
  base_image: Pick<ProductImage, 'medium_image_url'>;
  /** The first variant of each metal: the one a swatch shows. */
  variants: Pick<ProductVariant, 'metal_code' | 'image_url' | 'formated_price'>[];
  attributes: { metal: MetalSwatch[] };
};

export function toProductCard(p: Product): ProductCardData {
  const firstOfMetal = p.variants.filter((v, i) => p.variants.findIndex((w) => w.metal_code === v.metal_code) === i);
  return {
    id: p.id,
    name: p.name,
    url: p.url,
    formated_price: p.formated_price,
    base_image: { medium_image_url: p.base_image.medium_image_url },
    variants: firstOfMetal.map(({ metal_code, image_url, formated_price }) => ({ metal_code, image_url, formated_price })),
    attributes: { metal: p.attributes.metal },
  };
}

/** "three-stone" → "Three-Stone". */
export function styleLabel(style: string): string {
  return style.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}
