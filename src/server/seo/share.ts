/**
 * What a page shows when it is shared (Open Graph and Twitter tags) and the address of its share image.
 * An image's address carries a digest of everything drawn on it (drawing, name, grades, price), so it
 * changes when the price (or anything else on the card) changes and can be cached for a year.
 */
import crypto from 'node:crypto';
import type { Diamond } from '~/features/diamonds/diamond-query.ts';
import type { Product, ProductVariant } from '~/features/products/product.ts';
import { cutPhrase, SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { METAL_CODES, type MetalCode } from '~/features/products/metals.ts';
import { diamondSvg } from '~/server/images/diamond-svg.ts';
import { jewellerySvg, JEWELLERY_KINDS, type JewelleryKind } from '~/server/images/jewellery-svg.ts';
import { shopConfig } from '~/server/shop/shop-config.ts';
import { SHARE_HEIGHT, SHARE_WIDTH, type ShareCard } from './share-image.ts';

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface ShareMeta {
  type: 'website' | 'article' | 'product';
  image: ShareImage;
  /** Product and diamond pages: the price shown (dollars, two decimals) and its currency. */
  price?: { amount: string; currency: 'USD' };
}

export const digest = (card: ShareCard) => crypto.createHash('sha256').update(JSON.stringify(card)).digest('base64url').slice(0, 12);

const image = (path: string, alt: string, origin: string): ShareImage => ({ url: new URL(path, origin).href, width: SHARE_WIDTH, height: SHARE_HEIGHT, alt });

// ── the brand's card (home, content pages, listings) ──
export function brandCard(): ShareCard {
  return {
    drawing: diamondSvg('round'),
    eyebrow: 'The New York atelier',
    title: `${shopConfig.shop_name}: certified diamonds, handcrafted rings`,
    details: ['Engagement rings · Wedding bands', 'Fine jewellery, delivered insured'],
  };
}
export const BRAND_IMAGE_PATH = '/images/share/brand.png';
export function brandShare(origin: string, type: ShareMeta['type'] = 'website'): ShareMeta {
  return { type, image: image(`${BRAND_IMAGE_PATH}?v=${digest(brandCard())}`, `${shopConfig.shop_name}: fine jewellery and certified diamonds`, origin) };
}

// ── diamonds ──
export function diamondCard(d: Diamond): ShareCard {
  return {
    drawing: diamondSvg((SHAPES.includes(d.shape as Shape) ? d.shape : 'round') as Shape),
    eyebrow: d.origin === 'lab_grown' ? 'Certified lab-grown diamond' : 'Certified natural diamond',
    title: d.name,
    details: [`${cutPhrase(d.cut)} · ${d.color} colour · ${d.clarity} clarity`, `${d.lab} certificate ${d.certificate_number}`],
    price: d.formated_price,
  };
}
export const diamondImagePath = (d: Diamond) => `/images/share/diamonds/${d.id}-${digest(diamondCard(d))}.png`;
export function diamondShare(d: Diamond, origin: string): ShareMeta {
  return {
    type: 'product',
    image: image(diamondImagePath(d), `${d.name}, ${cutPhrase(d.cut)}, ${d.color} colour, ${d.clarity} clarity: ${d.formated_price}`, origin),
    price: { amount: d.price.toFixed(2), currency: 'USD' },
  };
}

// ── products, in a variant's metal ──
/** The drawing a variant's image address names (/images/jewellery/{kind}--{metal}.svg). */
export function drawingOf(imageUrl: string): { kind: JewelleryKind; metal: MetalCode } {
  const match = /\/images\/jewellery\/([a-z]+)--([a-z0-9_]+)\.svg$/.exec(imageUrl);
  const kind = JEWELLERY_KINDS.includes(match?.[1] as JewelleryKind) ? (match![1] as JewelleryKind) : 'ring';
  const metal = METAL_CODES.includes(match?.[2] as MetalCode) ? (match![2] as MetalCode) : '14k_white_gold';
  return { kind, metal };
}

/** The variant a share shows: the one asked for, else the first (the cheapest in the first metal). */
export function shareVariant(p: Product, metal?: string): ProductVariant | undefined {
  return p.variants.find((v) => v.metal_code === metal) ?? p.variants[0];
}

export function productCard(p: Product, v: ProductVariant | undefined): ShareCard {
  const { kind, metal } = drawingOf(v?.image_url ?? p.base_image.medium_image_url);
  return {
    drawing: jewellerySvg(kind, metal),
    eyebrow: p.category.name,
    title: p.name,
    details: v ? [v.metal_name] : [],
    price: v ? v.formated_price : p.formated_price,
  };
}
export const productImagePath = (p: Product, v: ProductVariant | undefined) =>
  `/images/share/products/${p.id}--${v?.metal_code ?? 'default'}-${digest(productCard(p, v))}.png`;
export function productShare(p: Product, v: ProductVariant | undefined, origin: string): ShareMeta {
  const price = v?.price ?? p.price;
  return {
    type: 'product',
    image: image(productImagePath(p, v), `${p.name}${v ? ` in ${v.metal_name}` : ''}: ${v?.formated_price ?? p.formated_price}`, origin),
    price: { amount: price.toFixed(2), currency: 'USD' },
  };
}
