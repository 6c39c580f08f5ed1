/**
 * Products and diamonds as the line-item card reads them (docs/api.md: "Product as read by the
 * line-item card"): name, sku, status (truthy when it can be bought), formated_price, images[0] and
 * base_image with medium_image_url, and variants with total_carat_weight, metal_show_in_products_list and
 * metal_position. Shared by the cart and the wishlist. The server alone decides prices and availability.
 */
import type { LineProduct, LineVariant } from '~/features/cart/cart.schema.ts';
import { cutPhrase, shapeLabel } from '~/features/diamonds/grades.ts';
import { caratLabel } from '~/lib/fractions.ts';
import { centsToDollars, formatCents } from '~/lib/money.ts';
import { productImageUrl } from '~/server/products/product-images.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import type { ItemRecord, ProductItemRecord, ItemVariantRecord } from './catalog-items.repository.ts';

export function findVariant(record: ProductItemRecord, variantId: number | null | undefined): ItemVariantRecord | undefined {
  return variantId == null ? undefined : record.variants.find((v) => v.id === variantId);
}

/** Whether the thing can be bought now: a visible, unsold, unreserved stone; a product (and variant) on sale. */
export function isAvailable(record: ItemRecord, variantId?: number | null): boolean {
  if (record.kind === 'diamond') return record.diamond.status === 'available' && record.diamond.is_hidden === 0;
  if (record.product.status !== 1) return false;
  const variant = findVariant(record, variantId);
  return variantId == null ? true : variant?.status === 1;
}

export function unitPriceCents(record: ItemRecord, variantId?: number | null): number {
  if (record.kind === 'diamond') return record.diamond.price_cents;
  return findVariant(record, variantId)?.price_cents ?? record.product.price_cents;
}

function presentVariant(v: ItemVariantRecord): LineVariant {
  return {
    id: v.id,
    sku: v.sku,
    metal_code: v.metal_code,
    metal_name: v.metal_name,
    metal_position: v.metal_position,
    metal_show_in_products_list: v.metal_show_in_products_list === 1,
    total_carat_weight: v.total_carat_weight,
    price: centsToDollars(v.price_cents),
    formated_price: formatCents(v.price_cents),
  };
}

/** `held`: the diamond a build-your-own setting holds (its picture is then the ring as one). */
export function presentItem(record: ItemRecord, variantId?: number | null, held?: ItemRecord): LineProduct {
  const cents = unitPriceCents(record, variantId);
  const status = isAvailable(record, variantId) ? 1 : 0;
  if (record.kind === 'diamond') {
    const d = record.diamond;
    const image = { medium_image_url: `/images/diamonds/${d.shape}.svg` };
    return {
      id: d.id,
      type: 'diamond',
      name: diamondName(d),
      sku: d.sku,
      style_number: d.sku,
      url: `/diamonds/${d.id}`,
      status,
      price: centsToDollars(cents),
      formated_price: formatCents(cents),
      images: [image],
      base_image: image,
      variants: [],
      selected_variant: null,
    };
  }
  const { product, variants } = record;
  const variant = findVariant(record, variantId);
  // The drawing shows the chosen metal; without a choice, the metal the listing shows first.
  const metal = variant?.metal_code ?? variants.find((v) => v.metal_show_in_products_list === 1)?.metal_code ?? '14k_white_gold';
  const stone =
    held?.kind === 'diamond' ? { shape: held.diamond.shape, length: Number(held.diamond.length_mm), width: Number(held.diamond.width_mm) } : undefined;
  const image = { medium_image_url: productImageUrl(product.category, product.style, metal, { design: product.design, stone }) };
  return {
    id: product.id,
    type: 'product',
    name: product.name,
    sku: variant?.sku ?? product.sku,
    style_number: product.sku,
    url: `/products/${product.id}`,
    status,
    price: centsToDollars(cents),
    formated_price: formatCents(cents),
    images: [image],
    base_image: image,
    variants: variants.map(presentVariant),
    selected_variant: variant ? presentVariant(variant) : null,
  };
}

export interface LineChoices {
  variant_id: number | null;
  selected_size: string | null;
  custom_size: string | null;
  selected_jewelry_shape: string | null;
}

/** The shopper's choices in words, for the card: metal, carat weight, size, shape; a stone's grades. */
export function describeChoices(record: ItemRecord, choices: LineChoices): string[] {
  if (record.kind === 'diamond') {
    const d = record.diamond;
    return [cutPhrase(d.cut), `${d.color} colour`, `${d.clarity} clarity`, `${d.lab} certified`];
  }
  const variant = findVariant(record, choices.variant_id);
  const out: string[] = [];
  if (variant) out.push(variant.metal_name);
  if (variant && variant.total_carat_weight > 0) out.push(caratLabel(variant.total_carat_weight));
  if (choices.selected_size) out.push(`Size ${choices.selected_size}`);
  if (choices.custom_size) out.push(`Custom size ${choices.custom_size}`);
  if (choices.selected_jewelry_shape) out.push(`${shapeLabel(choices.selected_jewelry_shape)} centre stone`);
  return out;
}
