/** Wishlist rows as the API answers them: one entry per product, diamond or build-your-own pair. */
import type { WishlistEntry } from '~/features/wishlist/wishlist.schema.ts';
import { centsToDollars, formatCents } from '~/lib/money.ts';
import type { ItemRecord } from '~/server/cart/catalog-items.repository.ts';
import type { LineGroup } from '~/server/cart/cart.presenter.ts';
import { describeChoices, isAvailable, presentItem, unitPriceCents } from '~/server/cart/line-item.presenter.ts';
import type { WishlistItemRow } from './wishlist.repository.ts';

export function presentEntry({ parent, child }: LineGroup<WishlistItemRow>, records: Map<number, ItemRecord>): WishlistEntry | undefined {
  const record = records.get(parent.item_id);
  if (!record) return undefined;
  const childRecord = child ? records.get(child.item_id) : undefined;
  const cents = unitPriceCents(record, parent.variant_id) + (childRecord ? unitPriceCents(childRecord) : 0);
  return {
    id: parent.id,
    byo_id: parent.byo_id,
    product_id: parent.item_id,
    selected_configurable_option: parent.variant_id,
    selected_jewelry_shape: parent.selected_jewelry_shape,
    selected_size: parent.selected_size,
    custom_size: parent.custom_size,
    needs_size: record.kind === 'product' && Number(record.product.has_ring_size) === 1 && !parent.selected_size && !parent.custom_size,
    is_available: isAvailable(record, parent.variant_id) && (!childRecord || isAvailable(childRecord)),
    price: centsToDollars(cents),
    formated_price: formatCents(cents),
    options: describeChoices(record, parent),
    product: presentItem(record, parent.variant_id, childRecord),
    child: child && childRecord ? { id: child.id, product_id: child.item_id, product: presentItem(childRecord) } : null,
    added_on: parent.created_at,
  };
}
