/** Build your own: adding, refusing (each rule) and removing pairs, the narrowing catalogue filter and the summary page, on both databases. */
import { describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { fits, plainProducts, product, seededDiamonds } from '../support/catalog-fixtures.ts';
import { Shopper, writeDb } from '../support/shopper.ts';
import { picker, stonesOf } from '../support/stones.ts';

const stones = seededDiamonds(3000);
// This file's own stones (tests/support/stones.ts).
const available = stonesOf('byo');
const sold = stones.find((d) => d.status === 'sold')!;
const reserved = stones.find((d) => d.status === 'reserved')!;
// Cathedral Solitaire: round, oval, cushion or princess, 0.5 to 4 ct.
const setting = product('Cathedral Solitaire');
const variant = setting.variants[0]!;
const holds = available.filter(fits(setting));
const pear = available.find((d) => d.shape === 'pear')!;
const smallRound = available.find((d) => d.shape === 'round' && d.carat < 0.5)!;
// The first 100 for the tests that add; the ones after are named by the tests that only look.
const stone = picker('byo', holds.slice(0, 100));
const ADD = '/api/checkout/cart/add';
const pair = (stoneId: number, extra: Record<string, unknown> = {}) => ({
  ids: [stoneId, setting.id],
  is_byo: true,
  quantity: 1,
  selected_configurable_option: variant.id,
  ...extra,
});

describe.each(databases)('build your own on $kind', ({ url, databaseUrl }) => {
  it('adds a setting and a diamond as one line under one byo_id, priced by the server, with the ring size', async () => {
    const shopper = new Shopper(url);
    const centre = stone();
    const res = await shopper.post(ADD, pair(centre.id, { selected_jewelry_shape: centre.shape, selected_size: '6.5' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [line] = res.body.data.items;
    expect(line).toMatchObject({
      product_id: setting.id,
      variant_id: variant.id,
      byo_id: expect.stringMatching(/^[\w-]{36}$/),
      quantity: 1,
      selected_size: '6.5',
      custom_size: null,
      selected_jewelry_shape: centre.shape,
      child: { product_id: centre.id, quantity: 1, product: { type: 'diamond' } },
    });
    expect(line.price).toBe((variant.price_cents + centre.price_cents) / 100);
    expect(res.body.data.items_count).toBe(1);
    expect(res.body.data.grand_total).toBe((variant.price_cents + centre.price_cents) / 100);
  });

  it('keeps a custom ring size written one way ("7 1/4" is 7.25)', async () => {
    const shopper = new Shopper(url);
    const res = await shopper.post(ADD, pair(stone().id, { custom_size: '7 1/4' }));
    expect(res.status).toBe(200);
    expect(res.body.data.items[0]).toMatchObject({ selected_size: null, custom_size: '7.25' });
    expect(res.body.data.items[0].options).toContain('Custom size 7.25');
  });

  it.each([
    ['a diamond shape the setting does not hold', () => pair(pear.id), 400, 'ids', 'This setting does not hold pear diamonds'],
    [
      'a diamond outside the carat range',
      () => pair(smallRound.id),
      400,
      'ids',
      `This setting holds diamonds of 0.5 ct to 4 ct; this diamond is ${smallRound.carat} ct`,
    ],
    ['a sold diamond', () => pair(sold.id), 409, 'ids', 'is no longer available'],
    ['a reserved diamond', () => pair(reserved.id), 409, 'ids', 'is no longer available'],
    [
      'a variant of another product',
      () => pair(holds[100]!.id, { selected_configurable_option: plainProducts[0]!.variants[0]!.id }),
      400,
      'selected_configurable_option',
      'does not belong',
    ],
    [
      'a ring size outside the standard list',
      () => pair(holds[101]!.id, { selected_size: '15' }),
      400,
      'selected_size',
      'Ring size 15 is not one of our standard sizes',
    ],
    [
      'a custom size that is not a size',
      () => pair(holds[102]!.id, { custom_size: 'large' }),
      400,
      'custom_size',
      'Custom size large is not a ring size we can make',
    ],
    ['a custom size out of range', () => pair(holds[103]!.id, { custom_size: '21' }), 400, 'custom_size', 'from 1 to 16'],
    ['a standard and a custom size at once', () => pair(holds[104]!.id, { selected_size: '7', custom_size: '7.25' }), 400, 'custom_size', 'not both'],
    [
      'a jewellery shape that is not the diamond’s',
      () => pair(holds.find((d) => d.shape !== 'princess')!.id, { selected_jewelry_shape: 'princess' }),
      400,
      'selected_jewelry_shape',
      'must be the centre diamond',
    ],
  ])('refuses %s with a reason in words, and adds nothing', async (_name, body, status, field, words) => {
    const shopper = new Shopper(url);
    const res = await shopper.post(ADD, body());
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(words);
    expect(res.body.errors).toHaveProperty(field);
    expect((await shopper.get('/api/checkout/cart')).body.data).toMatchObject({ id: null, items: [] });
  });

  it('removes the pair as a whole, whichever part is named', async () => {
    const shopper = new Shopper(url);
    const [a, b] = [stone(), stone()];
    await shopper.post(ADD, pair(a.id, { selected_size: '5' }));
    const cart = (await shopper.post(ADD, pair(b.id, { selected_size: '9.5' }))).body.data;
    const [second, first] = cart.items;
    const byByo = await shopper.delete('/api/checkout/cart/delete-items', { data: { cart_id: cart.id, byo_id: first.byo_id, product_id: setting.id } });
    expect(byByo.status).toBe(200);
    expect(byByo.body.data.items.map((i: any) => i.byo_id)).toEqual([second.byo_id]);
    const byStone = await shopper.delete('/api/checkout/cart/delete-items', { data: { cart_id: cart.id, product_id: b.id } });
    expect(byStone.body.data).toMatchObject({ items: [], grand_total: 0 });
  });

  it('keeps the same rules for the wishlist, which keeps the size and moves the pair to the cart whole', async () => {
    const shopper = new Shopper(url);
    const refused = await shopper.post('/api/wishlist/add-byo', {
      ids: [pear.id, setting.id],
      is_byo: true,
      quantity: 1,
      selected_configurable_option: variant.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This setting does not hold pear diamonds');
    expect((await shopper.get('/api/wishlist/count')).body.data.count).toBe(0);
    const centre = stone();
    const saved = await shopper.post('/api/wishlist/add-byo', {
      ids: [centre.id, setting.id],
      is_byo: true,
      quantity: 1,
      selected_configurable_option: variant.id,
      selected_jewelry_shape: centre.shape,
      custom_size: '4.75',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.item).toMatchObject({ byo_id: expect.any(String), custom_size: '4.75', child: { product_id: centre.id } });
    const moved = await shopper.post('/api/wishlist/move-byo-to-cart', { byoID: saved.body.data.item.byo_id });
    expect(moved.status).toBe(200);
    expect(moved.body.data.items[0]).toMatchObject({ product_id: setting.id, custom_size: '4.75', child: { product_id: centre.id } });
    expect(moved.body.wishlist_count).toBe(0);
  });

  it('narrows settings to those that hold a diamond (is_byo with product_filters shape and carat)', async () => {
    const query = encodeURIComponent(JSON.stringify({ shape: ['pear'], carat: pear.carat }));
    const res = await new Shopper(url).get(`/catalog/products?is_byo=1&page_size=100&product_filters=${query}`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const p of res.body.data) {
      expect(p.is_byo).toBe(true);
      expect(p.accepted_shapes).toContain('pear');
      expect(p.carat_min).toBeLessThanOrEqual(pear.carat);
      expect(p.carat_max).toBeGreaterThanOrEqual(pear.carat);
    }
    expect(res.body.data.map((p: any) => p.id)).not.toContain(setting.id);
    const bad = await new Shopper(url).get(`/catalog/products?product_filters=${encodeURIComponent('{"carat":"big"}')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty(['product_filters.carat']);
  });

  it('renders the summary from the URL: both parts, each price and the total; a mismatch says why', async () => {
    const centre = holds[110]!;
    const page = await new Shopper(url).get(`/build-your-own/summary?setting=${setting.id}&variant=${variant.id}&diamond=${centre.id}&size=7`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const total = `$${((variant.price_cents + centre.price_cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(page.body).toContain(setting.name);
    expect(page.body).toContain(`data-testid="byo-summary-total">${total}<`);
    expect(page.body).toContain('Add ring to cart');
    const mismatch = await new Shopper(url).get(`/build-your-own/summary?setting=${setting.id}&variant=${variant.id}&diamond=${pear.id}`);
    expect(mismatch.body).toContain('This setting does not hold pear diamonds');
    expect(mismatch.body).not.toContain('Add ring to cart');
  });

  it('says so on the summary when the chosen diamond is sold mid-build, keeping the setting', async () => {
    const centre = holds[120]!;
    const path = `/build-your-own/summary?setting=${setting.id}&variant=${variant.id}&diamond=${centre.id}`;
    const status = (value: 'sold' | 'available') =>
      writeDb(databaseUrl, (db) => db.updateTable('diamonds').set({ status: value }).where('id', '=', centre.id).execute());
    await status('sold');
    try {
      const page = await new Shopper(url).get(path);
      expect(page.body).toContain('The diamond you chose has been sold.');
      expect(page.body).toContain(`href="/diamonds?setting=${setting.id}&amp;variant=${variant.id}"`);
      expect(page.body).not.toContain('Add ring to cart');
    } finally {
      // Back on sale: the catalogue suite counts every available stone.
      await status('available');
    }
  });
});
