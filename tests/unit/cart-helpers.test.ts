/** The cart's pure rules in the browser: badge text, grouping by build-your-own id, the add payload. */
import { describe, expect, it } from 'vitest';
import { cartAddSchema, type CartItem } from '~/features/cart/cart.schema.ts';
import { groupByByo, hasFixedQuantity, isLineAvailable } from '~/features/cart/cart.ts';
import { badgeText } from '~/features/header/badge.ts';

const item = (id: number, byo_id: string | null, status: 0 | 1 = 1, type: 'product' | 'diamond' = 'product', child?: 0 | 1): CartItem =>
  ({ id, byo_id, product: { status, type }, child: child === undefined ? null : { product: { status: child } } }) as unknown as CartItem;

describe('cart helpers', () => {
  it('shows the badge from 1, and 99+ above 99', () => {
    expect([0, 1, 99, 100, 250].map(badgeText)).toEqual(['', '1', '99', '99+', '99+']);
  });

  it('groups lines by build-your-own id, keeping the cart order', () => {
    const groups = groupByByo([item(1, null), item(2, 'a'), item(3, null), item(4, 'a')]);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[1], [2, 4], [3]]);
    expect(groups.map((g) => g.byo_id)).toEqual([null, 'a', null]);
  });

  it('reads availability from the product and its child, and fixes the quantity of stones and pairs', () => {
    expect(isLineAvailable(item(1, null))).toBe(true);
    expect(isLineAvailable(item(1, null, 0))).toBe(false);
    expect(isLineAvailable(item(1, 'a', 1, 'product', 0))).toBe(false);
    expect([item(1, null), item(2, null, 1, 'diamond'), item(3, 'b')].map(hasFixedQuantity)).toEqual([false, true, true]);
  });

  it('reads the cart-add payload from JSON or form fields', () => {
    expect(cartAddSchema.parse({ ids: ['12', '3000'], is_byo: 'true', quantity: '1', selected_configurable_option: '', custom_size: '' })).toEqual({
      ids: [12, 3000],
      is_byo: true,
      quantity: 1,
      custom_size: undefined,
      selected_size: undefined,
      selected_configurable_option: undefined,
      selected_jewelry_shape: undefined,
    });
    expect(cartAddSchema.parse({ ids: 7 })).toMatchObject({ ids: [7], is_byo: false, quantity: 1 });
    expect(cartAddSchema.safeParse({ ids: [1, 1], is_byo: true }).error?.issues[0]).toMatchObject({ path: ['ids'], message: 'must not repeat an id' });
  });
});
