/**
 * Which drawing shows a product: its design (the `design` attribute, else the usual piece of its
 * category and style), in the colour of its metal, from a view; a ring setting may hold a chosen stone.
 * URLs name everything the picture depends on, so they never change meaning (cached for a year).
 */
import type { MetalCode } from '~/features/products/metals.ts';
import { DESIGNS, VIEWS, designForStyle, isDesign, jewelleryAlt, type DesignCode, type View } from '~/server/images/jewellery/index.ts';
import type { Shape } from '~/features/diamonds/grades.ts';
import type { ProductPhoto } from '~/features/products/product.ts';

/** The design a product is drawn as. */
export function productDesign(category: string, style: string, design?: string | null): DesignCode {
  return isDesign(design) ? design : designForStyle(category, style);
}

/** A centre stone in a composite: its shape and its measured length and width (mm). */
export interface CompositeStone {
  shape: Shape | string;
  length: number;
  width: number;
}

export interface ImageOptions {
  design?: string | null;
  view?: View;
  stone?: CompositeStone;
}

const mm = (n: number) => Math.round(Math.min(30, Math.max(1, n)) * 100);

/** /images/jewellery/{design}--{metal}--{view}.svg, or with a stone: …--{view}--{shape}-{L}x{W}.svg (hundredths of a mm). */
export function productImageUrl(category: string, style: string, metal: MetalCode | string, options: ImageOptions = {}): string {
  const design = productDesign(category, style, options.design);
  const view = options.view ?? 'angled';
  const stone = options.stone && DESIGNS[design].family === 'setting' ? `--${options.stone.shape}-${mm(options.stone.length)}x${mm(options.stone.width)}` : '';
  return `/images/jewellery/${design}--${metal}--${view}${stone}.svg`;
}

export interface GalleryImage {
  view: View | 'photo';
  url: string;
  alt: string;
  /** A photograph: its AVIF, WebP and JPEG sizes; a drawing has none. */
  photo?: ProductPhoto;
}

/** The gallery of a product in a metal: one picture per view, the angled three-quarter view first. */
export function productGallery(category: string, style: string, metal: string, options: Omit<ImageOptions, 'view'> = {}): GalleryImage[] {
  const design = productDesign(category, style, options.design);
  return (['angled', ...VIEWS.filter((v) => v !== 'angled')] as View[]).map((view) => ({
    view,
    url: productImageUrl(category, style, metal, { ...options, view }),
    alt: jewelleryAlt(design, metal as MetalCode, view, options.stone ? { shape: options.stone.shape as Shape } : undefined),
  }));
}

/** The alt text of a product's picture. */
export function productImageAlt(category: string, style: string, metal: string, options: ImageOptions = {}): string {
  return jewelleryAlt(
    productDesign(category, style, options.design),
    metal as MetalCode,
    options.view ?? 'angled',
    options.stone ? { shape: options.stone.shape as Shape } : undefined,
  );
}
