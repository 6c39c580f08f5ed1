/** GET /api/checkout/cart and POST /api/checkout/cart/add, as API clients and HTML forms see them, on both databases. */
import { describe, expect, it } from 'vitest';
import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { databases } from '../support/api.ts';
import { plainProducts, product, seededDiamonds, settings } from '../support/catalog-fixtures.ts';
import { Shopper } from '../support/shopper.ts';
import { picker, stonesOf } from '../support/stones.ts';

const stones = seededDiamonds(3000);
// This file's own stones (tests/support/stones.ts); each test takes stones of its own from them.
const [unaddable, unpaired, ...mine] = stonesOf('cart-add');
const sold = stones.find((d) => d.status === 'sold')!;
const reserved = stones.find((d) => d.status === 'reserved')!;
const hidden = stones.find((d) => d.status === 'available' && d.is_hidden === 1)!;
const band = plainProducts[0]!;
const setting = settings[0]!;
const stone = picker('cart-add', mine);
const ADD = '/api/checkout/cart/add';

describe.each(databases)('cart add on $kind', ({ url }) => {
  it('answers an empty cart (id null) to a new shopper without giving a cookie', async () => {
    const shopper = new Shopper(url);
    const res = await shopper.send(cartEndpoints.get);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      message: 'Your cart is empty',
      data: { id: null, items: [], items_count: 0, grand_total: 0, formated_grand_total: '$0.00' },
    });
    expect(shopper.lastSetCookie).toEqual([]);
  });

  it('creates a guest cart on the first add, with an httpOnly cookie, priced by the server', async () => {
    const shopper = new Shopper(url);
    const variant = band.variants.at(-1)!;
    const res = await shopper.send(cartEndpoints.add, {
      body: {
        ids: [band.id],
        is_byo: false,
        quantity: 1,
        selected_configurable_option: variant.id,
        selected_size: '7',
        custom_size: '',
        selected_jewelry_shape: '',
      },
    });
    expect(res.status).toBe(200);
    expect(shopper.lastSetCookie[0]).toMatch(/^aurelle_cart=[\w-]{20,}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const { data } = res.body;
    expect(res.body.message).toBe('Item added to your cart');
    expect(data.id).toEqual(expect.any(Number));
    expect(data.items[0]).toMatchObject({
      byo_id: null,
      product_id: band.id,
      quantity: 1,
      is_available: true,
      price: variant.price_cents / 100,
      child: null,
      product: {
        name: band.name,
        sku: expect.stringMatching(/^P-\d{4}-/),
        status: 1,
        formated_price: expect.stringMatching(/^\$[\d,]+\.00$/),
        images: [{ medium_image_url: expect.stringMatching(/^\/images\/jewellery\/.+\.svg$/) }],
        base_image: { medium_image_url: expect.any(String) },
        variants: expect.arrayContaining([
          expect.objectContaining({
            total_carat_weight: expect.any(Number),
            metal_show_in_products_list: expect.any(Boolean),
            metal_position: expect.any(Number),
          }),
        ]),
      },
    });
    expect(data.items[0]?.options).toContain('Size 7');
    expect(data.grand_total).toBe(variant.price_cents / 100);
    const again = await shopper.post(ADD, { ids: [band.id], quantity: 1, selected_configurable_option: variant.id, selected_size: '7' });
    expect(again.body.data).toMatchObject({ id: data.id, items_count: 1, items_qty: 2, grand_total: (2 * variant.price_cents) / 100 });
    expect((await shopper.get('/api/checkout/cart')).body.data.items).toHaveLength(1);
  });

  it('keeps a diamond one of a kind and makes a build-your-own pair one line', async () => {
    const shopper = new Shopper(url);
    const [a, b] = [stone(), stone()];
    expect((await shopper.post(ADD, { ids: [a.id], quantity: 1 })).body.data.items[0]).toMatchObject({
      product_id: a.id,
      product: { type: 'diamond', images: [{ medium_image_url: `/images/diamonds/${a.shape}.svg` }] },
    });
    const twice = await shopper.post(ADD, { ids: [a.id], quantity: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: 'This diamond is already in your cart', errors: { ids: expect.any(Array) } });
    const pair = await shopper.post(ADD, {
      ids: [b.id, setting.id],
      is_byo: true,
      quantity: 1,
      selected_configurable_option: setting.variants[0]!.id,
      selected_size: '6',
    });
    expect(pair.status).toBe(200);
    const [line] = pair.body.data.items;
    expect(line).toMatchObject({
      product_id: setting.id,
      byo_id: expect.stringMatching(/^[\w-]{36}$/),
      quantity: 1,
      child: { product_id: b.id, quantity: 1, product: { type: 'diamond' } },
    });
    expect(line.price).toBe((setting.variants[0]!.price_cents + b.price_cents) / 100);
    expect(pair.body.data.items_count).toBe(2);
    expect(pair.body.data.grand_total).toBe((a.price_cents + setting.variants[0]!.price_cents + b.price_cents) / 100);
    const pairAgain = await shopper.post(ADD, {
      ids: [setting.id, b.id],
      is_byo: true,
      quantity: 1,
      selected_configurable_option: setting.variants[0]!.id,
      selected_size: '6',
    });
    expect(pairAgain.status).toBe(409);
  });

  it.each([
    ['more than two ids', { ids: [band.id, 70, 71], is_byo: true, quantity: 1 }, 400, 'ids'],
    ['a quantity other than 1', { ids: [band.id], quantity: 2 }, 400, 'quantity'],
    ['two ids without is_byo', { ids: [setting.id, 70], quantity: 1 }, 400, 'ids'],
    ['is_byo with one id', { ids: [setting.id], is_byo: true, quantity: 1 }, 400, 'ids'],
    ['no ids', { quantity: 1 }, 400, 'ids'],
    ['an id that is not a number', { ids: ['ring'], quantity: 1 }, 400, 'ids.0'],
    ['an unknown id', { ids: [9_999_999], quantity: 1 }, 404, 'ids'],
    [
      'a variant of another product',
      { ids: [band.id], quantity: 1, selected_configurable_option: plainProducts[1]!.variants[0]!.id },
      400,
      'selected_configurable_option',
    ],
    ['a product with variants but no choice', { ids: [band.id], quantity: 1 }, 400, 'selected_configurable_option'],
    ['a variant on a diamond', { ids: [unaddable!.id], quantity: 1, selected_configurable_option: 3 }, 400, 'selected_configurable_option'],
    ['a sold diamond', { ids: [sold.id], quantity: 1 }, 409, 'ids'],
    ['a reserved diamond', { ids: [reserved.id], quantity: 1 }, 409, 'ids'],
    ['a hidden diamond', { ids: [hidden.id], quantity: 1 }, 409, 'ids'],
    [
      'a pair whose product is not a setting',
      { ids: [band.id, unpaired!.id], is_byo: true, quantity: 1, selected_configurable_option: band.variants[0]!.id },
      400,
      'ids',
    ],
    ['a pair of two products', { ids: [setting.id, product('Petite Four-Prong Solitaire').id], is_byo: true, quantity: 1 }, 400, 'ids'],
    ['a pair with a sold stone', { ids: [setting.id, sold.id], is_byo: true, quantity: 1, selected_configurable_option: setting.variants[0]!.id }, 409, 'ids'],
    [
      'an unknown shape',
      { ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, selected_jewelry_shape: 'blob' },
      400,
      'selected_jewelry_shape',
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_name, body, status, field) => {
    const shopper = new Shopper(url);
    const res = await shopper.post(ADD, body);
    expect(res.status).toBe(status);
    expect(res.body.errors).toHaveProperty([field]);
    expect(res.body.message).toEqual(expect.any(String));
    expect(shopper.lastSetCookie).toEqual([]);
    // A shopper with a cart keeps it exactly as it was.
    const holder = new Shopper(url);
    const before = (await holder.post(ADD, { ids: [stone().id], quantity: 1 })).body.data;
    expect((await holder.post(ADD, body)).status).toBe(status);
    expect((await holder.get('/api/checkout/cart')).body.data).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await new Shopper(url).call('POST', ADD, '{ids:', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('serves the plain HTML form: a redirect to /cart, with the error in the query when it fails', async () => {
    const shopper = new Shopper(url);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await shopper.call(
      'POST',
      ADD,
      `ids=${setting.id}&ids=${stone().id}&is_byo=true&quantity=1&selected_configurable_option=${setting.variants[1]!.id}&selected_size=5.5`,
      form,
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/cart');
    const cart = (await shopper.get('/api/checkout/cart')).body.data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ product_id: setting.id, selected_size: '5.5', child: { product_id: expect.any(Number) } });
    const bad = await shopper.call('POST', ADD, `ids=${sold.id}&quantity=1`, form);
    expect(bad.status).toBe(303);
    expect(decodeURIComponent(bad.headers.get('location')!)).toMatch(/^\/cart\?error=The .+ Diamond is no longer available$/);
    const page = await fetch(url + bad.headers.get('location'), { headers: { cookie: `aurelle_cart=${shopper.cookies.get('aurelle_cart')}` } });
    expect(await page.text()).toContain('is no longer available');
  });

  it.each([
    ['GET', ADD, 'POST'],
    ['POST', '/api/checkout/cart', 'GET'],
    ['POST', '/api/checkout/cart/update', 'PUT'],
    ['GET', '/api/checkout/cart/delete-items', 'DELETE'],
    ['PUT', '/api/checkout/cart/delete-items-all', 'DELETE'],
  ])('answers %s %s with a JSON 405 naming %s', async (method, path, allowed) => {
    const res = await new Shopper(url).call(method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allowed);
    expect(res.body.code).toBe('method_not_allowed');
  });

  it('treats a cookie that names no cart as a new shopper', async () => {
    const res = await new Shopper(url).call('GET', '/api/checkout/cart', undefined, { cookie: 'aurelle_cart=not-a-real-token-but-long-enough' });
    expect(res.body.data).toMatchObject({ id: null, items: [] });
  });
});
