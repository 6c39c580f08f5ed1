/**
 * A ring is never ordered without its size: a `has_ring_size` piece, alone or as the setting of
 * a build-your-own pair, reaches the cart only with `selected_size` or `custom_size` (422 naming
 * `selected_size` otherwise), from the cart's add and from the wishlist's moves; the wishlist may keep it
 * without one (`needs_size`) and the move may give it. Nor does a ring line without a size become an order.
 */
import { describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { fits, products, settings } from '../support/catalog-fixtures.ts';
import { guestEmail, readyCart, saveOrder } from '../support/checkout.ts';
import { Shopper } from '../support/shopper.ts';
import { picker, stonesOf } from '../support/stones.ts';
import { execSql } from '../support/sql.ts';

const band = products.find((p) => p.ring && !p.is_byo && p.variants.length > 1)!;
const earrings = products.find((p) => !p.ring && !p.is_byo && p.variants.length > 1)!;
const setting = settings[0]!;
const stone = picker('ring-size', stonesOf('ring-size').filter(fits(setting)));
const bandAdd = (extra: Record<string, unknown> = {}) => ({ ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, ...extra });
const pairAdd = (stoneId: number, extra: Record<string, unknown> = {}) => ({
  ids: [setting.id, stoneId],
  is_byo: true,
  quantity: 1,
  selected_configurable_option: setting.variants[0]!.id,
  ...extra,
});

describe.each(databases)('ring sizes on $kind', ({ url, databaseUrl }) => {
  it('refuses a ring into the cart without a size (422 naming selected_size), and takes it with one', async () => {
    const s = new Shopper(url);
    const refused = await s.post('/api/checkout/cart/add', bandAdd());
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'size_required',
      message: `Choose a ring size for the ${band.name} before adding it to your cart`,
      errors: { selected_size: [expect.any(String)] },
    });
    expect((await s.get('/api/checkout/cart')).body.data.items).toEqual([]);

    const blank = await s.post('/api/checkout/cart/add', bandAdd({ selected_size: '', custom_size: '  ' }));
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.errors)).toEqual(['selected_size']);

    const bad = await s.post('/api/checkout/cart/add', bandAdd({ selected_size: '27' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.selected_size[0]).toContain('is not one of our standard sizes');

    const added = await s.post('/api/checkout/cart/add', bandAdd({ selected_size: '7.0' }));
    expect(added.status).toBe(200);
    expect(added.body.data.items[0]).toMatchObject({ product_id: band.id, selected_size: '7', options: expect.arrayContaining(['Size 7']) });
    const custom = await s.post('/api/checkout/cart/add', { ...bandAdd({ custom_size: '7 1/4' }), selected_configurable_option: band.variants[1]!.id });
    expect(custom.status).toBe(200);
    expect(custom.body.data.items[0]).toMatchObject({ selected_size: null, custom_size: '7.25' });
  });

  it('takes a piece that has no ring size without one', async () => {
    const s = new Shopper(url);
    const res = await s.post('/api/checkout/cart/add', { ids: [earrings.id], quantity: 1, selected_configurable_option: earrings.variants[0]!.id });
    expect(res.status).toBe(200);
  });

  it('refuses a build-your-own pair without a size, and takes it with one', async () => {
    const s = new Shopper(url);
    const centre = stone();
    const refused = await s.post('/api/checkout/cart/add', pairAdd(centre.id));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'size_required', errors: { selected_size: [expect.any(String)] } });
    expect((await s.get('/api/checkout/cart')).body.data.items).toEqual([]);
    const added = await s.post('/api/checkout/cart/add', pairAdd(centre.id, { selected_size: '6.5' }));
    expect(added.status).toBe(200);
    expect(added.body.data.items[0]).toMatchObject({ product_id: setting.id, selected_size: '6.5', child: { product_id: centre.id } });
  });

  it('keeps a ring without a size in the wishlist, refuses to move it without one, and moves it with one', async () => {
    const s = new Shopper(url);
    expect((await s.post(`/api/wishlist/add/${band.id}`, { selected_configurable_option: band.variants[0]!.id })).status).toBe(200);
    const centre = stone();
    expect(
      (
        await s.post('/api/wishlist/add-byo', {
          ids: [centre.id, setting.id],
          is_byo: true,
          quantity: 1,
          selected_configurable_option: setting.variants[0]!.id,
        })
      ).status,
    ).toBe(200);
    const list = (await s.get('/api/wishlist')).body.data;
    const ring = list.find((e: any) => e.product_id === band.id);
    const pair = list.find((e: any) => e.byo_id);
    expect(ring).toMatchObject({ needs_size: true, selected_size: null, custom_size: null });
    expect(pair).toMatchObject({ needs_size: true });

    const refused = await s.post(`/api/move-to-cart/${ring.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'size_required', errors: { selected_size: [expect.any(String)] } });
    const refusedPair = await s.post('/api/wishlist/move-byo-to-cart', { byoID: pair.byo_id });
    expect(refusedPair.status).toBe(422);
    expect(refusedPair.body.errors).toHaveProperty('selected_size');
    const all = await s.post('/api/move-to-cart/all');
    expect(all.status).toBe(200);
    expect(all.body.moved).toEqual([]);
    // Oldest first: the band, then the pair.
    expect(all.body.not_moved).toEqual([
      { id: ring.id, message: `Choose a ring size for the ${band.name} before adding it to your cart` },
      { id: pair.id, message: `Choose a ring size for the ${setting.name} before adding it to your cart` },
    ]);
    expect(all.body.data.items).toEqual([]);
    expect((await s.get('/api/wishlist/count')).body.data.count).toBe(2);

    const badSize = await s.post(`/api/move-to-cart/${ring.id}`, { selected_size: '99' });
    expect(badSize.status).toBe(400);
    expect(badSize.body.errors).toHaveProperty('selected_size');
    const moved = await s.post(`/api/move-to-cart/${ring.id}`, { selected_size: '6.5' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.items[0]).toMatchObject({ product_id: band.id, selected_size: '6.5' });
    const movedPair = await s.post('/api/wishlist/move-byo-to-cart', { byoID: pair.byo_id, custom_size: '7 1/4' });
    expect(movedPair.status).toBe(200);
    expect(movedPair.body).toMatchObject({ wishlist_count: 0 });
    expect(movedPair.body.data.items[0]).toMatchObject({ product_id: setting.id, custom_size: '7.25', child: { product_id: centre.id } });
  });

  it('does not order a ring line that has no size (a cart filled before sizes were required)', async () => {
    const s = new Shopper(url);
    await readyCart(s, { products: [{ id: band.id, variant: band.variants[0]!.id }], email: guestEmail() });
    const cart = (await s.get('/api/checkout/cart')).body.data;
    expect(cart.items[0].selected_size).toBe('7');
    // As a line written before the rule: the size taken away behind the API's back.
    await execSql(databaseUrl, 'update cart_items set selected_size = null where cart_id = ?', [cart.id]);
    const order = await saveOrder(s);
    expect(order.status).toBe(422);
    expect(order.body).toMatchObject({ code: 'size_required', errors: { selected_size: [expect.any(String)] } });
  });
});
