/** The cart's rules and the guest-to-customer merge, in-process on SQLite and PostgreSQL (PGlite). */
import { describe, expect, it } from 'vitest';
import type { CartAdd } from '~/features/cart/cart.schema.ts';
import { addToCart, getCart, removeItem, updateQuantities } from '~/server/cart/cart.service.ts';
import { mergeGuestCart } from '~/server/cart/cart.merge.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { plainProducts, seededDiamonds, settings } from '../support/catalog-fixtures.ts';
import { DIAMONDS, newCustomer, seededConnections } from '../support/inprocess.ts';

const connections = await seededConnections();
const stones = seededDiamonds(DIAMONDS);
const available = stones.filter((d) => d.available);
const sold = stones.find((d) => d.status === 'sold')!;
const band = plainProducts[0]!;
const setting = settings[0]!;
const add = (ids: number[], more: Partial<CartAdd> = {}): CartAdd => ({ ids, is_byo: false, quantity: 1, selected_size: '7', ...more }); // a ring goes to a cart only with its size
const failure = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected an error'),
    (e: HttpError) => ({ status: e.status, message: e.message, errors: e.errors }),
  );

describe.each(connections)('cart service on $kind', ({ db }) => {
  it('gives a guest a cart on the first add, priced by the server, and adds up the same product', async () => {
    const variant = band.variants[1]!;
    const first = await addToCart(db, {}, add([band.id], { selected_configurable_option: variant.id, selected_size: '6' }));
    expect(first.token).toMatch(/^[\w-]{20,}$/);
    const owner = { token: first.token };
    const again = await addToCart(db, owner, add([band.id], { selected_configurable_option: variant.id, selected_size: '6' }));
    expect(again.token).toBeUndefined();
    expect(again.cart.items).toHaveLength(1);
    expect(again.cart.items[0]).toMatchObject({ product_id: band.id, variant_id: variant.id, quantity: 2, price: variant.price_cents / 100 });
    expect(again.cart.grand_total).toBe((2 * variant.price_cents) / 100);
    expect(again.cart.items[0]!.product).toMatchObject({
      name: band.name,
      status: 1,
      images: [{ medium_image_url: expect.stringMatching(/^\/images\/jewellery\/[\w-]+--\w+--angled\.svg$/) }],
    });
  });

  it('keeps a diamond one of a kind and turns a lone stone into part of a build-your-own pair', async () => {
    const [stone] = available;
    const { token, cart } = await addToCart(db, {}, add([stone!.id]));
    const owner = { token };
    expect(await failure(addToCart(db, owner, add([stone!.id])))).toMatchObject({ status: 409, message: 'This diamond is already in your cart' });
    expect(await failure(updateQuantities(db, owner, [{ id: cart.items[0]!.id, quantity: 2 }]))).toMatchObject({ status: 400 });
    const pair = await addToCart(db, owner, add([stone!.id, setting.id], { is_byo: true, selected_configurable_option: setting.variants[0]!.id }));
    expect(pair.cart.items).toHaveLength(1);
    const [line] = pair.cart.items;
    expect(line).toMatchObject({ product_id: setting.id, byo_id: expect.any(String), child: { product_id: stone!.id, product: { type: 'diamond' } } });
    expect(line!.price).toBe((setting.variants[0]!.price_cents + stone!.price_cents) / 100);
  });

  it('refuses what cannot be bought, and a variant of another product, changing nothing', async () => {
    const other = plainProducts[1]!;
    expect(await failure(addToCart(db, {}, add([sold.id])))).toMatchObject({ status: 409 });
    expect(await failure(addToCart(db, {}, add([band.id], { selected_configurable_option: other.variants[0]!.id })))).toMatchObject({
      status: 400,
      errors: { selected_configurable_option: [expect.stringContaining('does not belong')] },
    });
    expect(await failure(addToCart(db, {}, add([band.id])))).toMatchObject({ status: 400, errors: { selected_configurable_option: expect.any(Array) } });
    expect(await failure(addToCart(db, {}, add([999_999])))).toMatchObject({ status: 404, errors: { ids: expect.any(Array) } });
    expect(
      await failure(addToCart(db, {}, add([band.id, available[1]!.id], { is_byo: true, selected_configurable_option: band.variants[0]!.id }))),
    ).toMatchObject({ status: 400 });
  });

  it('marks a line unavailable once its product is off sale or its stone sold, leaving it out of the totals', async () => {
    const stone = available[2]!;
    const { token } = await addToCart(db, {}, add([stone.id]));
    const withBand = await addToCart(db, { token }, add([band.id], { selected_configurable_option: band.variants[0]!.id }));
    expect(withBand.cart.has_unavailable_items).toBe(false);
    await db.updateTable('diamonds').set({ status: 'reserved' }).where('id', '=', stone.id).execute();
    try {
      const cart = await getCart(db, { token });
      const line = cart.items.find((i) => i.product_id === stone.id)!;
      expect(line).toMatchObject({ is_available: false, product: { status: 0 } });
      expect(cart.grand_total).toBe(band.variants[0]!.price_cents / 100);
      await db.updateTable('products').set({ status: 0 }).where('id', '=', band.id).execute();
      const off = await getCart(db, { token });
      expect(off.items.every((i) => !i.is_available)).toBe(true);
      expect(off.formated_grand_total).toBe('$0.00');
      expect(await failure(addToCart(db, {}, add([band.id], { selected_configurable_option: band.variants[0]!.id })))).toMatchObject({ status: 409 });
    } finally {
      await db.updateTable('diamonds').set({ status: 'available' }).where('id', '=', stone.id).execute();
      await db.updateTable('products').set({ status: 1 }).where('id', '=', band.id).execute();
    }
  });

  it('removes a whole pair when one part is named, and never touches another shopper cart', async () => {
    const stone = available[3]!;
    const mine = await addToCart(db, {}, add([setting.id, stone.id], { is_byo: true, selected_configurable_option: setting.variants[0]!.id }));
    const theirs = await addToCart(db, {}, add([band.id], { selected_configurable_option: band.variants[0]!.id }));
    expect(await failure(removeItem(db, { token: mine.token }, { cart_id: theirs.cart.id!, product_id: band.id }))).toMatchObject({ status: 403 });
    expect((await getCart(db, { token: theirs.token })).items).toHaveLength(1);
    const after = await removeItem(db, { token: mine.token }, { cart_id: mine.cart.id!, product_id: stone.id });
    expect(after.items).toEqual([]);
  });

  it('merges a guest cart into the customer cart on sign-in', async () => {
    const customer = await newCustomer(db);
    const [a, b, c] = [available[4]!, available[5]!, available[6]!];
    const variant = band.variants[0]!.id;
    await addToCart(db, { customerId: customer }, add([a.id]));
    await addToCart(db, { customerId: customer }, add([band.id], { selected_configurable_option: variant }));
    const guest = await addToCart(db, {}, add([a.id]));
    await addToCart(db, { token: guest.token }, add([band.id], { selected_configurable_option: variant }));
    await addToCart(db, { token: guest.token }, add([setting.id, b.id], { is_byo: true, selected_configurable_option: setting.variants[0]!.id }));
    await addToCart(db, { token: guest.token }, add([c.id]));
    await mergeGuestCart(db, guest.token!, customer);
    const merged = await getCart(db, { customerId: customer });
    expect(merged.items.map((i) => [i.product_id, i.quantity, i.child?.product_id ?? null]).sort()).toEqual(
      [
        [a.id, 1, null],
        [band.id, 2, null],
        [setting.id, 1, b.id],
        [c.id, 1, null],
      ].sort(),
    );
    expect((await getCart(db, { token: guest.token })).items).toEqual([]);
  });

  it('hands the guest cart over when the customer has none', async () => {
    const customer = await newCustomer(db);
    const guest = await addToCart(db, {}, add([available[7]!.id]));
    await mergeGuestCart(db, guest.token!, customer);
    const cart = await getCart(db, { customerId: customer });
    expect(cart.id).toBe(guest.cart.id);
    expect(cart.items.map((i) => i.product_id)).toEqual([available[7]!.id]);
  });
});
