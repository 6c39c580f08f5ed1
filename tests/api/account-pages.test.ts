/** The customer screens over HTTP: private, guests sent to sign in and back, forms that work without JavaScript. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, seedOrder } from '../support/accounts.ts';

afterAll(closeTestDbs);
// Sign-ins and new passwords cost a deliberate ~0.5 s of scrypt each, far more when every suite runs at once.
vi.setConfig({ testTimeout: 60_000 });

const ACCOUNT_PAGES = ['/customer/account/profile', '/customer/account/addresses', '/customer/account/orders', '/customer/account/orders/view/1'];

function post(url: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, ...headers },
    body: new URLSearchParams(fields),
  });
}

describe.each(databases)('customer screens on $kind', ({ url, databaseUrl }) => {
  it('sends a guest from every account screen to /customer?redirect=<the screen>', async () => {
    for (const path of [...ACCOUNT_PAGES, '/customer/account/orders?page=2']) {
      const res = await fetch(url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe(`/customer?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('serves the account screens privately (no-store) to their owner, and another customer’s order as 404', async () => {
    const c = await seedCustomer(databaseUrl, { first_name: 'Mina' });
    const mine = await seedOrder(databaseUrl, c.id);
    const theirs = await seedOrder(databaseUrl, (await seedCustomer(databaseUrl)).id);
    const cookie = { cookie: `aurelle_session=${c.token}` };
    for (const path of ['/customer/account/profile', '/customer/account/addresses', '/customer/account/orders', `/customer/account/orders/view/${mine.id}`]) {
      const res = await fetch(url + path, { headers: cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('Signed in as Mina Lovelace');
    }
    const other = await fetch(`${url}/customer/account/orders/view/${theirs.id}`, { headers: cookie });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain(theirs.increment_id);
    for (const path of ['/customer', '/customer/forgot-password', '/customer/first-time-login', '/customer/reset-password/abc']) {
      expect((await fetch(url + path)).headers.get('cache-control'), path).toBe('no-store');
    }
    const signedIn = await fetch(`${url}/customer?redirect=%2Fcustomer%2Faccount%2Forders`, { headers: cookie, redirect: 'manual' });
    expect(signedIn.headers.get('location')).toBe('/customer/account/orders');
  });

  it('signs in through the plain form (no JavaScript), back to ?redirect, and shows a wrong password on the page', async () => {
    const c = await seedCustomer(databaseUrl);
    const wrong = await post(url, '/customer', { _action: 'login', email: c.email, password: 'nope nope', redirect: '/customer/account/orders' });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('The e-mail address or password is incorrect.');
    const ok = await post(url, '/customer', { _action: 'login', email: c.email, password: c.password, redirect: '/customer/account/orders' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/customer/account/orders');
    expect(ok.headers.get('set-cookie')).toMatch(/aurelle_session=[^;]+;.*HttpOnly/i);
    const crossSite = await post(url, '/customer', { _action: 'login', email: c.email, password: c.password }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('edits the address book through plain forms, and never another customer’s address', async () => {
    const c = await seedCustomer(databaseUrl);
    const other = await seedCustomer(databaseUrl);
    const theirs = (
      await call(
        url,
        'POST',
        '/api/addresses/create',
        { address1: '9 Their Road', city: 'Leeds', country: 'GB', postcode: 'LS1 1AA', phone: '0113 496 0000' },
        other.auth,
      )
    ).body.data;
    const cookie = { cookie: `aurelle_session=${c.token}` };
    const created = await post(
      url,
      '/customer/account/addresses',
      { _action: 'address-create', address1: '1 Form St', city: 'Austin', country: 'US', state: 'TX', postcode: '73301', phone: '512 555 0100' },
      cookie,
    );
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/customer/account/addresses?notice=address-saved');
    const invalid = await post(
      url,
      '/customer/account/addresses',
      { _action: 'address-create', address1: '', city: 'Austin', country: 'US', postcode: '73301', phone: '512 555 0100' },
      cookie,
    );
    expect(await invalid.text()).toContain('Enter the street address');
    const stolen = await post(url, '/customer/account/addresses', { _action: 'address-delete', id: String(theirs.id) }, cookie);
    expect(stolen.status).toBe(200);
    expect(await stolen.text()).toContain('Address not found');
    expect((await call(url, 'GET', `/api/addresses/${theirs.id}`, undefined, other.auth)).status).toBe(200);
    const mine = (await call(url, 'GET', '/api/addresses', undefined, c.auth)).body.data;
    expect(mine.map((a: any) => a.address1)).toEqual(['1 Form St']);
  });
});
