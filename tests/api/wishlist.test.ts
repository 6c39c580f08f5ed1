/** The wishlist calls of docs/api.md with good and bad input, on both databases. */
import { describe, expect, it } from 'vitest';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { databases } from '../support/api.ts';
import { fits, plainProducts, seededDiamonds, settings } from '../support/catalog-fixtures.ts';
import { Shopper } from '../support/shopper.ts';
import { picker, stonesOf } from '../support/stones.ts';

// This file's own stones (tests/support/stones.ts), only those the setting holds, so that every pair
// passes the build-your-own rules.
const band = plainProducts[3]!;
const setting = settings[2]!;
const [first, second, ...mine] = stonesOf('wishlist').filter(fits(setting));
const sold = seededDiamonds(3000).find((d) => d.status === 'sold')!;
const stone = picker('wishlist', mine);

/** A shopper whose wishlist holds a product (no variant chosen), a diamond and a build-your-own pair. */
async function shopperWithWishlist(url: string) {
  const shopper = new Shopper(url);
  const [lone, centre] = [stone(), stone()];
  const product = await shopper.send(wishlistEndpoints.add, { params: { id: band.id }, body: {} });
  await shopper.post(`/api/wishlist/add/${lone.id}`, { selected_configurable_option: '', selected_jewelry_shape: '' });
  const pair = await shopper.send(wishlistEndpoints.addByo, {
    body: {
      ids: [centre.id, setting.id],
      is_byo: true,
      quantity: 1,
      selected_configurable_option: setting.variants[0]!.id,
      selected_jewelry_shape: centre.shape,
      selected_size: '7',
    },
  });
  const list = (await shopper.get('/api/wishlist?page=1')).body;
  const entry = (productId: number) => list.data.find((e: any) => e.product_id === productId);
  return { shopper, lone, centre, list, productEntry: entry(band.id), loneEntry: entry(lone.id), pairEntry: entry(setting.id), product, pair };
}

describe.each(databases)('wishlist on $kind', ({ url }) => {
  it('is empty for a new shopper, who gets no cookie from reading it', async () => {
    const shopper = new Shopper(url);
    expect((await shopper.send(wishlistEndpoints.page)).body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 } });
    expect((await shopper.send(wishlistEndpoints.count)).body).toEqual({ data: { count: 0 } });
    expect(shopper.lastSetCookie).toEqual([]);
  });

  it('keeps products, diamonds and pairs for a guest (cookie), newest first, each once', async () => {
    const { shopper, list, lone, centre, product, pair } = await shopperWithWishlist(url);
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({
      message: 'Item added to your wishlist',
      data: { count: 1, item: { product_id: band.id, selected_configurable_option: null } },
    });
    expect(pair.body.data).toMatchObject({ count: 3, item: { product_id: setting.id, byo_id: expect.any(String), child: { product_id: centre.id } } });
    expect(shopper.cookies.get('aurelle_wishlist')).toMatch(/^[\w-]{20,}$/);
    expect(list.data.map((e: any) => e.product_id)).toEqual([setting.id, lone.id, band.id]);
    expect(list.data[1]).toMatchObject({
      is_available: true,
      product: { type: 'diamond', name: expect.stringMatching(/Carat .+Diamond$/), formated_price: expect.stringMatching(/^\$/) },
    });
    const again = await shopper.post(`/api/wishlist/add/${lone.id}`, {});
    expect(again.body).toMatchObject({ message: 'This item is already in your wishlist', data: { count: 3 } });
    expect((await shopper.get('/api/wishlist/count')).body.data.count).toBe(3);
  });

  it.each([
    ['an unknown id', '/api/wishlist/add/9999999', {}, 404, 'ids'],
    ['an id that is not a number', '/api/wishlist/add/ring', {}, 400, 'id'],
    ['a sold diamond', `/api/wishlist/add/${sold.id}`, {}, 409, 'ids'],
    [
      'a variant of another product',
      `/api/wishlist/add/${band.id}`,
      { selected_configurable_option: plainProducts[0]!.variants[0]!.id },
      400,
      'selected_configurable_option',
    ],
    ['a pair with quantity 2', '/api/wishlist/add-byo', { ids: [first!.id, setting.id], is_byo: true, quantity: 2 }, 400, 'quantity'],
    ['a pair without is_byo', '/api/wishlist/add-byo', { ids: [first!.id, setting.id], is_byo: false, quantity: 1 }, 400, 'is_byo'],
    ['a pair of three ids', '/api/wishlist/add-byo', { ids: [1, 2, 3], is_byo: true, quantity: 1 }, 400, 'ids'],
    ['a pair of two diamonds', '/api/wishlist/add-byo', { ids: [first!.id, second!.id], is_byo: true, quantity: 1 }, 400, 'ids'],
    [
      'a pair with a sold stone',
      '/api/wishlist/add-byo',
      { ids: [sold.id, setting.id], is_byo: true, quantity: 1, selected_configurable_option: setting.variants[0]!.id },
      409,
      'ids',
    ],
  ])('refuses %s, naming the field', async (_name, path, body, status, field) => {
    const shopper = new Shopper(url);
    const res = await shopper.post(path, body);
    expect(res.status).toBe(status);
    expect(res.body.errors).toHaveProperty([field]);
    expect((await shopper.get('/api/wishlist/count')).body.data.count).toBe(0);
  });

  it('refuses a page that is not a positive whole number, and pages by twelve', async () => {
    const shopper = new Shopper(url);
    for (const page of ['0', 'two', '1.5']) {
      const res = await shopper.get(`/api/wishlist?page=${page}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(['page']);
    }
    for (let i = 0; i < 13; i++) await shopper.post(`/api/wishlist/add/${stone().id}`, {});
    const first = (await shopper.get('/api/wishlist?page=1')).body;
    const second = (await shopper.get('/api/wishlist?page=2')).body;
    expect([first.data.length, second.data.length]).toEqual([12, 1]);
    expect(second.meta).toEqual({ current_page: 2, last_page: 2, per_page: 12, total: 13 });
    expect((await shopper.get('/api/wishlist?page=3')).body.data).toEqual([]);
  });

  it('removes an entry by id (a pair as a whole), and only from its own wishlist', async () => {
    const mine = await shopperWithWishlist(url);
    const other = await shopperWithWishlist(url);
    expect((await other.shopper.delete(`/api/wishlist/${mine.loneEntry.id}`)).status).toBe(404);
    const res = await mine.shopper.delete(`/api/wishlist/${mine.pairEntry.child.id}`);
    expect(res.body).toEqual({ message: 'Item removed from your wishlist', data: { count: 2 } });
    expect((await mine.shopper.delete(`/api/wishlist/${mine.pairEntry.id}`)).status).toBe(404);
    expect((await mine.shopper.delete('/api/wishlist/abc')).status).toBe(400);
    expect((await other.shopper.get('/api/wishlist/count')).body.data.count).toBe(3);
  });

  it('removes a pair by its byo id', async () => {
    const { shopper, pairEntry } = await shopperWithWishlist(url);
    expect((await shopper.delete('/api/wishlist/remove-byo/no-such-pair')).status).toBe(404);
    const res = await shopper.delete(`/api/wishlist/remove-byo/${pairEntry.byo_id}`);
    expect(res.body.data.count).toBe(2);
  });

  it('clears the named entries, or everything; an id it does not hold changes nothing', async () => {
    const { shopper, loneEntry, productEntry } = await shopperWithWishlist(url);
    const bad = await shopper.delete('/api/wishlist/clear', { ids: [loneEntry.id, 9_999_999] });
    expect(bad.status).toBe(404);
    expect(bad.body.errors).toHaveProperty(['ids']);
    expect((await shopper.delete('/api/wishlist/clear', { ids: ['x'] })).status).toBe(400);
    expect((await shopper.delete('/api/wishlist/clear', { ids: [loneEntry.id, productEntry.id] })).body.data.count).toBe(1);
    expect((await shopper.delete('/api/wishlist/clear', {})).body).toEqual({ message: 'Your wishlist has been cleared', data: { count: 0 } });
  });

  it('moves an entry to the cart (the guest gets a cart cookie) and takes it off the wishlist', async () => {
    const { shopper, loneEntry, lone } = await shopperWithWishlist(url);
    expect((await shopper.post('/api/move-to-cart/9999999')).status).toBe(404);
    const res = await shopper.send(wishlistEndpoints.moveToCart, { params: { id: loneEntry.id }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Item moved to your cart', wishlist_count: 2, data: { items: [{ product_id: lone.id }] } });
    expect(shopper.cookies.get('aurelle_cart')).toBeDefined();
    expect((await shopper.get('/api/checkout/cart')).body.data.items).toHaveLength(1);
    expect((await shopper.post(`/api/move-to-cart/${loneEntry.id}`)).status).toBe(404);
  });

  it('moves a pair by byoID, and says why a product without its choices stays', async () => {
    const { shopper, pairEntry, productEntry, centre } = await shopperWithWishlist(url);
    expect((await shopper.post('/api/wishlist/move-byo-to-cart', {})).body.errors).toHaveProperty(['byoID']);
    expect((await shopper.post('/api/wishlist/move-byo-to-cart', { byoID: 'nope' })).status).toBe(404);
    const res = await shopper.send(wishlistEndpoints.moveByoToCart, { body: { byoID: pairEntry.byo_id } });
    expect(res.body.data.items[0]).toMatchObject({ product_id: setting.id, child: { product_id: centre.id } });
    const stays = await shopper.post(`/api/move-to-cart/${productEntry.id}`);
    expect(stays.status).toBe(409);
    expect(stays.body.message).toBe(`Choose the metal and carat weight of ${band.name} on its page first`);
  });

  it("changes nothing on GET /api/move-to-cart/{id} or /all (another site's link cannot fill a cart)", async () => {
    const shopper = new Shopper(url);
    const added = await shopper.post(`/api/wishlist/add/${setting.id}`, { selected_configurable_option: setting.variants[0]!.id });
    expect(added.status).toBe(200);
    for (const path of [`/api/move-to-cart/${added.body.data.item.id}`, '/api/move-to-cart/all']) {
      const res = await shopper.get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    expect((await shopper.get('/api/wishlist/count')).body.data.count).toBe(1);
    expect((await shopper.get('/api/checkout/cart')).body.data.items).toEqual([]);
  });

  it('moves everything it can with move-to-cart/all and lists what stayed', async () => {
    const { shopper, productEntry, lone } = await shopperWithWishlist(url);
    const res = await shopper.post('/api/move-to-cart/all');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: '2 of 3 items moved to your cart',
      wishlist_count: 1,
      not_moved: [{ id: productEntry.id, message: expect.stringContaining('Choose the metal') }],
    });
    expect(res.body.moved).toHaveLength(2);
    expect(res.body.data.items.map((i: any) => i.product_id)).toEqual([setting.id, lone.id]);
    expect((await new Shopper(url).post('/api/move-to-cart/all')).body).toMatchObject({ message: 'Your wishlist is empty', moved: [], not_moved: [] });
  });

  it.each([
    ['POST', '/api/wishlist/count', 'GET'],
    ['GET', '/api/wishlist/5', 'DELETE'],
    ['GET', '/api/wishlist/add/5', 'POST'],
    ['GET', '/api/move-to-cart/all', 'POST'],
    ['GET', '/api/move-to-cart/5', 'POST'],
    ['GET', '/api/wishlist/move-byo-to-cart', 'POST'],
  ])('answers %s %s with a JSON 405 naming %s', async (method, path, allowed) => {
    const res = await new Shopper(url).call(method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allowed);
  });

  it('serves the plain HTML wishlist form with a redirect to /wishlist', async () => {
    const shopper = new Shopper(url);
    const res = await shopper.call('POST', `/api/wishlist/add/${stone().id}`, 'selected_jewelry_shape=', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/wishlist');
    const page = await fetch(`${url}/wishlist`, { headers: { cookie: `aurelle_wishlist=${shopper.cookies.get('aurelle_wishlist')}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toMatch(/Carat .*Diamond/);
  });
});
