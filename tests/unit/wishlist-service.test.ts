/** The wishlist's rules, moving to the cart and the guest-to-customer merge, in-process on SQLite and PGlite. */
import { describe, expect, it } from 'vitest';
import { getCart } from '~/server/cart/cart.service.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { mergeGuestWishlist } from '~/server/wishlist/wishlist.merge.ts';
import { moveAllToCart, moveEntryToCart } from '~/server/wishlist/wishlist.move.ts';
import { addPairToWishlist, addToWishlist, countWishlist, listWishlist, removeEntries } from '~/server/wishlist/wishlist.service.ts';
import { plainProducts, seededDiamonds, settings } from '../support/catalog-fixtures.ts';
import { DIAMONDS, newCustomer, seededConnections } from '../support/inprocess.ts';

const connections = await seededConnections();
const available = seededDiamonds(DIAMONDS).filter((d) => d.available);
const band = plainProducts[0]!;
const setting = settings[0]!;
const failure = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected an error'),
    (e: HttpError) => ({ status: e.status, message: e.message }),
  );

describe.each(connections)('wishlist service on $kind', ({ db }) => {
  it('keeps products, diamonds and pairs once each, newest first', async () => {
    const first = await addToWishlist(db, {}, band.id, { selected_configurable_option: band.variants[0]!.id });
    const owner = { token: first.token };
    expect(first).toMatchObject({ message: 'Item added to your wishlist', count: 1 });
    expect(await addToWishlist(db, owner, band.id, { selected_configurable_option: band.variants[0]!.id })).toMatchObject({
      message: 'This item is already in your wishlist',
      count: 1,
    });
    await addToWishlist(db, owner, available[0]!.id, {});
    const pair = await addPairToWishlist(db, owner, [available[1]!.id, setting.id], { selected_configurable_option: setting.variants[0]!.id });
    expect(pair.item).toMatchObject({ product_id: setting.id, child: { product_id: available[1]!.id }, byo_id: expect.any(String) });
    expect(await countWishlist(db, owner)).toBe(3);
    const page = await listWishlist(db, owner, 1);
    expect(page.data.map((e) => e.product_id)).toEqual([setting.id, available[0]!.id, band.id]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 12, total: 3 });
  });

  it('takes products and diamonds only where the shop configuration allows', async () => {
    expect(await failure(addToWishlist(db, {}, band.id, {}, { products: false, diamonds: true }))).toMatchObject({ status: 403 });
    expect(await failure(addToWishlist(db, {}, available[2]!.id, {}, { products: true, diamonds: false }))).toMatchObject({ status: 403 });
    expect(await failure(addPairToWishlist(db, {}, [available[2]!.id, setting.id], {}, { products: true, diamonds: false }))).toMatchObject({ status: 403 });
  });

  it('moves entries to the cart and leaves behind what cannot be bought', async () => {
    const { token } = await addToWishlist(db, {}, available[3]!.id, {});
    const owner = { token };
    const several = await addToWishlist(db, owner, band.id, {});
    await addPairToWishlist(db, owner, [available[4]!.id, setting.id], { selected_configurable_option: setting.variants[0]!.id, selected_size: '7' });
    const oldest = (await listWishlist(db, owner, 1)).data.at(-1)!;
    const moved = await moveEntryToCart(db, owner, {}, oldest.id);
    expect(moved.cart.items.map((i) => i.product_id)).toEqual([available[3]!.id]);
    expect(moved.count).toBe(2);
    const all = await moveAllToCart(db, owner, { token: moved.cartToken });
    expect(all.moved).toHaveLength(1);
    expect(all.notMoved).toEqual([{ id: several.item!.id, message: `Choose the metal and carat weight of ${band.name} on its page first` }]);
    const cart = await getCart(db, { token: moved.cartToken });
    expect(cart.items.map((i) => i.product_id)).toEqual([setting.id, available[3]!.id]);
    expect(await countWishlist(db, owner)).toBe(1);
  });

  it('removes entries by id (a pair as a whole) and reports ids it does not hold', async () => {
    const { token } = await addPairToWishlist(db, {}, [available[5]!.id, setting.id], { selected_configurable_option: setting.variants[1]!.id });
    const owner = { token };
    const [entry] = (await listWishlist(db, owner, 1)).data;
    expect(await failure(removeEntries(db, owner, [entry!.id, 999_999]))).toMatchObject({ status: 404 });
    expect(await removeEntries(db, owner, [entry!.child!.id])).toBe(0);
  });

  it('merges a guest wishlist into the customer wishlist on sign-in', async () => {
    const customer = await newCustomer(db);
    await addToWishlist(db, { customerId: customer }, available[6]!.id, {});
    const guest = await addToWishlist(db, {}, available[6]!.id, {});
    await addToWishlist(db, { token: guest.token }, available[7]!.id, {});
    await mergeGuestWishlist(db, guest.token!, customer);
    const list = await listWishlist(db, { customerId: customer }, 1);
    expect(list.data.map((e) => e.product_id).sort()).toEqual([available[6]!.id, available[7]!.id].sort());
    expect(await countWishlist(db, { token: guest.token })).toBe(0);
  });
});
