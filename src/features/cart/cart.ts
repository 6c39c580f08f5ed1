/** Pure helpers of the cart screens (no DOM, no network), shared by the islands and unit tests. */
import type { CartItem } from './cart.schema.ts';

export interface ItemGroup {
  key: string;
  byo_id: string | null;
  items: CartItem[];
}

/** Lines grouped by build-your-own id (spec: the popup list is grouped by byo id), in cart order. */
export function groupByByo(items: CartItem[]): ItemGroup[] {
  const groups: ItemGroup[] = [];
  const byId = new Map<string, ItemGroup>();
  for (const item of items) {
    if (item.byo_id === null) {
      groups.push({ key: `line-${item.id}`, byo_id: null, items: [item] });
      continue;
    }
    const existing = byId.get(item.byo_id);
    if (existing) existing.items.push(item);
    else {
      const group = { key: `byo-${item.byo_id}`, byo_id: item.byo_id, items: [item] };
      byId.set(item.byo_id, group);
      groups.push(group);
    }
  }
  return groups;
}

/** a line is available only when its product, and its child's product if any, are. */
export function isLineAvailable(item: CartItem): boolean {
  return Boolean(item.product.status) && (!item.child || Boolean(item.child.product.status));
}

/**
 * The lines the subtotal prices, and so counts: an unavailable line is neither priced nor counted
 * ("Subtotal (1 item)" next to the one price it adds up). `items_qty` (every line, the badge) is unchanged.
 */
export function pricedQuantity(cart: { items: CartItem[] }): number {
  return cart.items.filter((i) => i.is_available && isLineAvailable(i)).reduce((sum, i) => sum + i.quantity, 0);
}

/** Diamonds and build-your-own lines are one of a kind: their quantity cannot change. */
export function hasFixedQuantity(item: CartItem): boolean {
  return item.byo_id !== null || item.product.type === 'diamond';
}
