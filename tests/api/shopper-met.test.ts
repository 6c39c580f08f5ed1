/**
 * Issue 26, "the rest the shopper met", as a shopper's browser or an API client sees it, on SQLite and
 * PostgreSQL: status words, the page's configuration, the words on pages and lines (carat weights as
 * fractions, clean skus, country names, the order view), checkout's first step, and the address book
 * keeping checkout's country rules.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { product, products } from '../support/catalog-fixtures.ts';
import { readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { Shopper } from '../support/shopper.ts';

afterAll(closeTestDbs);

const studs = product('Round Diamond Stud Earrings');
const studsOneAndAHalf = studs.variants.find((v) => v.metal === '14k_white_gold' && v.ctw === 1.5)!;
const hoops = product('Gold Hoop Earrings 20mm');
const setting = products.find((p) => p.is_byo)!;
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe.each(databases)('what the shopper met on $kind', ({ url, databaseUrl }) => {
  it('the not-found screen answers 404 Not Found, not 404 OK', async () => {
    for (const path of ['/products/99999999', '/no-such-page-at-all', '/engagement-rings/no-such-style']) {
      const res = await fetch(url + path);
      expect(res.status).toBe(404);
      expect(res.statusText).toBe('Not Found');
      await res.text();
    }
  });

  it("the page's shop-config lists published pages only, never a draft's slug", async () => {
    const html = await (await fetch(`${url}/about-us`)).text();
    const config = JSON.parse(/<script type="application\/json" id="shop-config">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(config.cmsPageRoutes.map((r: { slug: string }) => r.slug)).toContain('about-us');
    expect(config.cmsPageRoutes.every((r: { status: string }) => r.status === 'published')).toBe(true);
    expect(html).not.toContain('holiday-gift-guide');
  });

  it('words on pages: the drawer, a setting page, the gold hoops, no raw variant sku under a title', async () => {
    const home = text(await (await fetch(`${url}/`)).text());
    expect(home).not.toContain('Discover About');
    expect(home).toContain('Read our About page');

    const settingPage = text(await (await fetch(`${url}/products/${setting.id}`)).text());
    expect(settingPage.match(/centre diamond of \d/g)).toHaveLength(1);
    expect(settingPage).toContain(`SKU P-${String(setting.id).padStart(4, '0')}`);
    expect(settingPage).not.toMatch(/P-\d{4}-[A-Z0-9_]+-\d+/);

    const hoopsPage = await (await fetch(`${url}/products/${hoops.id}`)).text();
    const alts = [...hoopsPage.matchAll(/alt="([^"]+)"/g)].map((m) => m[1]!).filter((a) => /hoop/i.test(a));
    expect(alts.length).toBeGreaterThan(0);
    expect(alts.filter((a) => /diamond/i.test(a))).toEqual([]);
  });

  it('cart and wishlist lines show the carat weight as a fraction and the piece sku, never "1.5 ctw" or a variant sku', async () => {
    const shopper = new Shopper(url);
    const added = await shopper.post('/api/checkout/cart/add', { ids: [studs.id], quantity: 1, selected_configurable_option: studsOneAndAHalf.id });
    expect(added.status).toBe(200);
    const line = added.body.data.items.find((i: any) => i.product.id === studs.id);
    expect(line.options).toEqual(['14K White Gold', '1 1/2 ct. tw.']);
    expect(line.product.style_number).toBe(`P-${String(studs.id).padStart(4, '0')}`);
    // The API's sku stays the variant's (the contract); the card shows style_number.
    expect(line.product.sku).toMatch(/-14K_WHITE_GOLD-150$/);

    const wished = await shopper.post(`/api/wishlist/add/${studs.id}`, { selected_configurable_option: studs.variants.find((v) => v.ctw === 0.25)!.id });
    expect(wished.status).toBe(200);
    const entry = (await shopper.get('/api/wishlist')).body.data.find((i: any) => i.product_id === studs.id);
    expect(entry.options).toContain('1/4 ct. tw.');
  });

  it("checkout's first step shows the order summary: lines, subtotal and the total so far", async () => {
    const shopper = new Shopper(url);
    await shopper.post('/api/checkout/cart/add', { ids: [studs.id], quantity: 1, selected_configurable_option: studsOneAndAHalf.id });
    const cookie = [...shopper.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = text(await (await fetch(`${url}/checkout`, { headers: { cookie } })).text());
    expect(page).toContain('Order summary');
    expect(page).toContain(studs.name);
    expect(page).toContain('14K White Gold · 1 1/2 ct. tw.');
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(studsOneAndAHalf.price_cents / 100);
    expect(page).toContain(`Subtotal (1 item) ${price}`);
    expect(page).toContain(`Shipping After your address Tax Calculated at checkout Total before shipping ${price}`);
  });

  it("the order view names the coupon on its Discount and each jewellery line's metal and carat weight", async () => {
    const c = await seedCustomer(databaseUrl);
    const shopper = signedIn(url, c.token);
    await readyCart(shopper, { products: [{ id: studs.id, variant: studsOneAndAHalf.id }], coupon: 'WELCOME10' });
    const placed = await saveOrder(shopper);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.order.id;
    const view = text(await (await fetch(`${url}/customer/account/orders/view/${id}`, { headers: { cookie: `aurelle_session=${c.token}` } })).text());
    expect(view).toContain('Discount (WELCOME10)');
    expect(view).toContain('14K White Gold · 1 1/2 ct. tw.');
    expect(view).toContain(`SKU P-${String(studs.id).padStart(4, '0')}`);
    expect(view).toContain('United States');
    expect(view).not.toMatch(/(^| )US( |$)/);
  });

  it("the address book keeps checkout's rules: every country, the state list, postcode and phone patterns", async () => {
    const c = await seedCustomer(databaseUrl);
    const base = { address1: '1 Rue de Rivoli', city: 'Paris', country: 'FR', postcode: '75001', phone: '+33 1 42 60 30 00' };
    const paris = await call(url, 'POST', '/api/addresses/create', base, c.auth);
    expect(paris.status).toBe(201);
    const badPostcode = await call(url, 'POST', '/api/addresses/create', { ...base, postcode: 'ABC' }, c.auth);
    expect(badPostcode.status).toBe(400);
    expect(badPostcode.body.errors).toEqual({ postcode: ['Enter a valid postcode for France'] });
    const noState = await call(
      url,
      'POST',
      '/api/addresses/create',
      { address1: '5 Fifth Avenue', city: 'New York', country: 'US', postcode: '10011', phone: '+1 212 555 0101' },
      c.auth,
    );
    expect(noState.status).toBe(400);
    expect(noState.body.errors).toEqual({ state: ['Choose a state'] });
    const named = await call(
      url,
      'POST',
      '/api/addresses/create',
      { address1: '5 Fifth Avenue', city: 'New York', country: 'US', state: 'New York', postcode: '10011', phone: '+1 212 555 0101' },
      c.auth,
    );
    expect(named.status).toBe(201);
    expect(named.body.data.state).toBe('NY');
    const notAState = await call(
      url,
      'PUT',
      `/api/addresses/${named.body.data.id}`,
      { address1: '5 Fifth Avenue', city: 'New York', country: 'US', state: 'Gotham', postcode: '10011', phone: '+1 212 555 0101' },
      c.auth,
    );
    expect(notAState.status).toBe(400);
    expect(notAState.body.errors).toEqual({ state: ['Choose a state of United States from the list'] });

    const page = await (await fetch(`${url}/customer/account/addresses`, { headers: { cookie: `aurelle_session=${c.token}` } })).text();
    const countries = (await call(url, 'GET', '/api/checkout/countries')).body.data as { code: string; name: string }[];
    expect(countries.length).toBeGreaterThan(200);
    for (const country of countries) expect(page).toContain(`<option value="${country.code}"`);
    // The US's states as a select, and the saved French address read by its country's name.
    expect(page).toContain('<option value="NY"');
    expect(text(page)).toContain('France');
  });
});
