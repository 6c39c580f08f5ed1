/** Products as the catalogue answers them (docs/api.md, Catalogue), shared by server, pages and islands. */
import type { z } from 'zod';
import type {
  metalSwatchSchema,
  productFacetsSchema,
  productImageSchema,
  productPhotoSchema,
  productPageSchema,
  productSchema,
  productVariantSchema,
} from '~/server/products/products.answers.ts';

export const PRODUCT_SORTS = ['price', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductFilters {
  metal?: string[];
  style?: string[];
  shape?: string[];
  price?: { min?: number; max?: number };
  /** A centre diamond's carat weight: settings whose carat range holds it. */
  carat?: number;
}

// The answers' shapes are zod schemas in src/server/products/products.answers.ts; type-only here.
export type ProductImage = z.output<typeof productImageSchema>;
export type ProductPhoto = z.output<typeof productPhotoSchema>;
export type MetalSwatch = z.output<typeof metalSwatchSchema>;
export type ProductVariant = z.output<typeof productVariantSchema>;
export type Product = z.output<typeof productSchema>;
export type ProductFacets = z.output<typeof productFacetsSchema>;
export type ProductPage<P extends ProductCardData = Product> = Omit<z.output<typeof productPageSchema>, 'data'> & { data: P[] };

/** What a listing card shows of a product: all the listing island is handed for its first page. */
export type ProductCardData = Pick<Product, 'id' | 'name' | 'url' | 'formated_price'> & {
  base_image: Pick<ProductImage, 'medium_image_url'>;
  /** The first variant of each metal: the one a swatch shows. */
  variants: Pick<ProductVariant, 'metal_code' | 'image_url' | 'image_alt' | 'formated_price' | 'photo'>[];
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
    variants: firstOfMetal.map(({ metal_code, image_url, image_alt, formated_price, photo }) => ({ metal_code, image_url, image_alt, formated_price, photo })),
    attributes: { metal: p.attributes.metal },
  };
}

/** "three-stone" → "Three-Stone". */
export function styleLabel(style: string): string {
  return style.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}
