/**
 * Every page type's server-rendered HTML through html-validate (its recommended preset, with the
 * exceptions .htmlvalidate.mjs justifies): a guest's pages, then a signed-in customer's, on both databases.
 */
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type SourceHooks } from 'html-validate';
import { describe, expect, it, vi } from 'vitest';
import { databases } from '../support/api.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { fits, plainProducts, product, seededDiamonds } from '../support/catalog-fixtures.ts';
import { NEW_YORK } from '../support/checkout.ts';
import { discoverPages } from '../support/pages.ts';
import { Shopper } from '../support/shopper.ts';

// Signing up and in costs a deliberate ~0.5 s of scrypt each, far more when every suite runs at once.
vi.setConfig({ testTimeout: 90_000 });

const root = path.resolve(import.meta.dirname, '../..');
// Reads .htmlvalidate.mjs from the project root, as the html-validate command does.
const validator = new HtmlValidate(new FileSystemConfigLoader());

/**
 * The HTML parser lowercases attribute names, so `noValidate=""` is the form's `novalidate` in every
 * browser. React 19's server renderer writes attribute names as they are spelled in JSX (noValidate,
 * autoComplete, inputMode, formAction), Astro as written in the page. The validator checks what the
 * browser builds: each name lowercased, as an alias of the original so that attr-case leaves it alone
 * and the rules that check values (autocomplete tokens, inputmode) see it.
 */
const asParsed: SourceHooks = {
  *processAttribute(attr) {
    const key = attr.key.toLowerCase();
    yield key === attr.key ? attr : { ...attr, key, originalAttribute: attr.key };
  },
};

/** html-validate's findings for one page, one line each (empty when the page is valid). */
async function problems(shopper: Shopper, pagePath: string, status = 200): Promise<string[]> {
  const res = await shopper.get<string>(pagePath);
  expect(res.status, pagePath).toBe(status);
  expect(res.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
  // The file name places the page in the project, where html-validate finds .htmlvalidate.mjs.
  const report = await validator.validateString(res.body, path.join(root, 'page.html'), asParsed);
  return report.results.flatMap((r) => r.messages.map((m) => `${pagePath} ${m.line}:${m.column} [${m.ruleId}] ${m.message} (${m.selector ?? ''})`));
}

async function validateAll(shopper: Shopper, pages: (string | [string, number])[]) {
  const found: string[] = [];
  for (const page of pages) found.push(...(typeof page === 'string' ? await problems(shopper, page) : await problems(shopper, ...page)));
  expect(found).toEqual([]);
}

const band = plainProducts[0]!;
const setting = product('Cathedral Solitaire');
// Any stone the setting holds: the pages are only read, and a stone another suite sells still has a page.
const centre = seededDiamonds(3000)
  .filter((d) => d.available)
  .filter(fits(setting))[0]!;
const byoQuery = `setting=${setting.id}&variant=${setting.variants[0]!.id}&diamond=${centre.id}`;

describe.each(databases)('valid HTML on every page type on $kind', ({ url }) => {
  it('the pages a guest sees: catalogue, content, search, build your own, cart, sign-in and the error screens', async () => {
    const guest = new Shopper(url);
    const discovered = (await discoverPages(url)).map((p) => p.path);
    expect(discovered).toHaveLength(8); // issue 17 added the table view and the comparison page
    await validateAll(guest, [
      ...discovered,
      '/search?q=ring',
      '/search?q=no+such+thing+at+all',
      `/build-your-own/products/${setting.id}`,
      `/build-your-own/diamonds/${centre.id}?setting=${setting.id}`,
      `/build-your-own/summary?${byoQuery}&size=7`,
      '/book-appointment',
      '/cart',
      '/wishlist',
      '/checkout',
      '/customer',
      '/customer/forgot-password',
      '/customer/reset-password/not-a-real-token?email=someone%40example.com',
      '/customer/first-time-login?token=not-a-real-token&email=someone%40example.com',
      ['/book-appointment/cancel/not-a-real-token', 404],
      ['/no-such-page', 404],
      ['/500', 500],
    ]);
    // A form sent back with its errors (a sign-up, so that no failed sign-in counts against loopback).
    const form = new URLSearchParams({
      _action: 'register',
      redirect: '/',
      email: 'not an address',
      first_name: '',
      last_name: 'Lovelace',
      password: 'short',
      password_confirmation: 'other',
    });
    const wrong = await guest.call('POST', '/customer', form.toString(), { 'content-type': 'application/x-www-form-urlencoded', origin: url });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toContain('aria-invalid="true"');
    const report = await validator.validateString(wrong.body as string, path.join(root, 'page.html'), asParsed);
    expect(report.results.flatMap((r) => r.messages.map((m) => `[${m.ruleId}] ${m.message}`))).toEqual([]);
  });

  it('the pages a customer sees: a full cart and wishlist, every checkout step, the account and an order', async () => {
    const customer = new Shopper(url);
    const email = uniqueEmail('html-validate');
    const password = 'valid html only';
    const registered = await customer.post('/api/customer/register', {
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      password,
      password_confirmation: password,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await customer.post('/api/customer/login', { email, password })).status).toBe(200);

    expect(
      (await customer.post('/api/checkout/cart/add', { ids: [band.id], quantity: 1, selected_configurable_option: band.variants[0]!.id, selected_size: '7' }))
        .status,
    ).toBe(200);
    expect((await customer.post(`/api/wishlist/add/${band.id}`, { selected_configurable_option: band.variants[1]!.id })).status).toBe(200);
    expect((await customer.post('/api/addresses/create', { ...NEW_YORK, default_address: true })).status).toBe(201);
    await validateAll(customer, ['/cart', '/wishlist', '/checkout', '/book-appointment']);

    const saved = await customer.post('/api/checkout/save-address', { billing: NEW_YORK, shipping: null, instructions: 'Leave with the concierge' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rate = saved.body.data.rates[0];
    expect((await customer.post('/api/checkout/save-shipping', { selected_shipping_rate_id: rate.id })).status).toBe(200);
    expect((await customer.post('/api/checkout/save-payment', { payment: { method: 'card' } })).status).toBe(200);
    await validateAll(customer, ['/checkout', '/checkout/payment']);

    const placed = await customer.post('/api/checkout/save-order', { paymentData: {} });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { id, order_token } = placed.body.order;
    const gateway = new URL(placed.body.redirect_url, url);
    await validateAll(customer, [
      `${gateway.pathname}${gateway.search}`,
      `/checkout/success?order=${id}&token=${order_token}`,
      `/checkout/order-payment?order=${id}&token=${order_token}`,
      '/customer/account/profile',
      '/customer/account/addresses',
      '/customer/account/orders',
      `/customer/account/orders/view/${id}`,
    ]);
  });
});
