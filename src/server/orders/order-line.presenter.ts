/**
 * An order line as the API answers it, in checkout's placed order and in the customer's order view
 * alike: what was bought at what price, its options, and the product or stone it came from while that
 * still exists (with whether it can still be bought, and its picture).
 */
import { money } from '~/lib/money.ts';
import { productImageUrl } from '~/server/products/product-images.ts';
import type { findOrderItems } from './order.repository.ts';

type ItemRow = Awaited<ReturnType<typeof findOrderItems>>[number];

function parseOptions(text: string | null): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

/** `all`: the order's lines, so that the setting of a build-your-own pair is pictured holding its diamond. */
export function presentOrderLine(i: ItemRow, _index?: number, all: readonly ItemRow[] = []) {
  const held = i.byo_id ? all.find((o) => o.byo_id === i.byo_id && o.diamond_shape && o !== i) : undefined;
  const stone = held?.diamond_shape ? { shape: held.diamond_shape, length: Number(held.diamond_length), width: Number(held.diamond_width) } : undefined;
  const image = i.product_id
    ? productImageUrl(i.category_slug ?? '', i.product_style ?? '', i.metal_code ?? '14k_white_gold', { design: i.product_design, stone })
    : i.diamond_shape
      ? `/images/diamonds/${i.diamond_shape}.svg`
      : null;
  const product =
    i.product_id || i.diamond_id
      ? {
          id: i.item_id,
          name: i.product_name ?? i.name,
          sku: i.product_sku ?? i.sku,
          status: i.product_id ? i.product_status === 1 : i.diamond_status === 'available',
          base_image: image ? { medium_image_url: image } : null,
          images: image ? [{ medium_image_url: image }] : [],
        }
      : undefined;
  return {
    id: i.id,
    name: i.name,
    sku: i.sku,
    byo_id: i.byo_id,
    qty_ordered: i.qty_ordered,
    ...money('price', i.price_cents),
    ...money('total', i.price_cents * i.qty_ordered),
    ...money('tax_amount', i.tax_cents),
    options: parseOptions(i.options),
    ...(product ? { product } : {}),
  };
}
