/**
 * A cart's rows as the API answers them: one item per line, a build-your-own pair being one item whose
 * `product` is the setting and whose `child` is the diamond (both share byo_id). Newest line first.
 * Totals count only lines that can be bought: an unavailable line stays visible (with its overlay) but
 * is not part of what the shopper would pay.
 */
import type { Cart, CartItem } from '~/features/cart/cart.schema.ts';
import { centsToDollars, formatCents, money } from '~/lib/money.ts';
import type { ItemRecord } from './catalog-items.repository.ts';
import type { CartLineRow } from './cart.repository.ts';
import { describeChoices, isAvailable, presentItem, unitPriceCents } from './line-item.presenter.ts';
import { cartTax } from '~/server/tax/order-tax.presenter.ts';

/** Rows grouped into lines: a lone row, or the setting and the diamond of one pair (cart or wishlist). */
export interface LineGroup<T extends GroupableRow = CartLineRow> {
  parent: T;
  child?: T;
}

export interface GroupableRow {
  id: number;
  item_id: number;
  byo_id: string | null;
}

export function groupLines<T extends GroupableRow>(rows: T[], records: Map<number, ItemRecord>): LineGroup<T>[] {
  const groups: LineGroup<T>[] = [];
  const pairs = new Map<string, T[]>();
  for (const row of rows) {
    if (row.byo_id === null) groups.push({ parent: row });
    else (pairs.get(row.byo_id) ?? pairs.set(row.byo_id, []).get(row.byo_id)!).push(row);
  }
  for (const members of pairs.values()) {
    // The setting leads the pair; the stone is its child.
    const sorted = members.toSorted((a, b) => rank(records.get(a.item_id)) - rank(records.get(b.item_id)) || a.id - b.id);
    groups.push({ parent: sorted[0]!, child: sorted[1] });
  }
  return groups.toSorted((a, b) => newest(b) - newest(a));
}

const rank = (record: ItemRecord | undefined) => (record?.kind === 'product' ? 0 : 1);
const newest = (g: LineGroup<GroupableRow>) => Math.max(g.parent.id, g.child?.id ?? 0);

function presentGroup(group: LineGroup, records: Map<number, ItemRecord>): CartItem | undefined {
  const { parent, child } = group;
  const record = records.get(parent.item_id);
  if (!record) return undefined;
  const childRecord = child ? records.get(child.item_id) : undefined;
  const ownCents = unitPriceCents(record, parent.variant_id);
  const childCents = childRecord ? unitPriceCents(childRecord, child!.variant_id) : 0;
  const unit = ownCents + childCents;
  const available = isAvailable(record, parent.variant_id) && (!childRecord || isAvailable(childRecord, child!.variant_id));
  return {
    id: parent.id,
    byo_id: parent.byo_id,
    product_id: parent.item_id,
    variant_id: parent.variant_id,
    quantity: parent.quantity,
    is_available: available,
    price: centsToDollars(unit),
    formated_price: formatCents(unit),
    total: centsToDollars(unit * parent.quantity),
    formated_total: formatCents(unit * parent.quantity),
    selected_size: parent.selected_size,
    custom_size: parent.custom_size,
    selected_jewelry_shape: parent.selected_jewelry_shape,
    options: describeChoices(record, parent),
    product: presentItem(record, parent.variant_id, childRecord),
    child:
      child && childRecord
        ? {
            id: child.id,
            product_id: child.item_id,
            quantity: child.quantity,
            price: centsToDollars(childCents),
            formated_price: formatCents(childCents),
            product: presentItem(childRecord, child.variant_id),
          }
        : null,
  };
}

export function lineTotalCents(item: CartItem): number {
  return Math.round(item.total * 100);
}

export function presentCart(cartId: number | null, rows: CartLineRow[], records: Map<number, ItemRecord>): Cart {
  const items = groupLines(rows, records)
    .map((g) => presentGroup(g, records))
    .filter((i): i is CartItem => i !== undefined);
  const subTotal = items.filter((i) => i.is_available).reduce((sum, i) => sum + lineTotalCents(i), 0);
  return {
    id: cartId,
    items,
    items_count: items.length,
    items_qty: items.reduce((sum, i) => sum + i.quantity, 0),
    has_unavailable_items: items.some((i) => !i.is_available),
    ...money('sub_total', subTotal),
    ...money('discount_amount', 0),
    ...money('shipping_amount', 0),
    ...money('grand_total', subTotal),
    ...cartTax(null),
  };
}
