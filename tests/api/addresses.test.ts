/** The address book: create, list, edit, delete, choose the default; only ever the caller's own. */
import { afterAll, describe, expect, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer } from '../support/accounts.ts';
import { signedIn } from '../support/checkout.ts';
import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';

afterAll(closeTestDbs);

const home = {
  address1: '5 Fifth Avenue',
  address2: 'Apt 2',
  city: 'New York',
  country: 'us',
  state: 'NY',
  postcode: '10011',
  phone: '+1 212 555 0101',
  addr_type: 'home',
};
const work = { address1: '1 Infinite Loop', city: 'Cupertino', country: 'US', state: 'CA', postcode: '95014', phone: '408-555-0102', address_type: 'shipping' };

describe.each(databases)('addresses on $kind', ({ url, databaseUrl }) => {
  it('creates addresses (the first is the default), lists, edits and switches the default', async () => {
    const c = await seedCustomer(databaseUrl, { first_name: 'Grace' });
    const first = await call(url, 'POST', '/api/addresses/create', home, c.auth);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ ...home, country: 'US', first_name: 'Grace', last_name: 'Lovelace', default_address: true });
    const second = await call(url, 'POST', '/api/addresses/create', { ...work, first_name: 'Office' }, c.auth);
    expect(second.body.data).toMatchObject({ first_name: 'Office', address2: null, default_address: false });

    const list = await call(url, 'GET', '/api/addresses', undefined, c.auth);
    expect(list.body.data.map((a: any) => [a.id, a.default_address])).toEqual([
      [first.body.data.id, true],
      [second.body.data.id, false],
    ]);

    const edited = await call(url, 'PUT', `/api/addresses/${second.body.data.id}`, { ...work, city: 'Palo Alto', default_address: true }, c.auth);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ city: 'Palo Alto', default_address: true });
    const after = (await call(url, 'GET', '/api/addresses', undefined, c.auth)).body.data;
    expect(after.filter((a: any) => a.default_address).map((a: any) => a.id)).toEqual([second.body.data.id]);

    const chosen = await call(url, 'POST', `/api/addresses/${first.body.data.id}/default`, undefined, c.auth);
    expect(chosen.body.data.default_address).toBe(true);
    expect((await call(url, 'GET', `/api/addresses/${second.body.data.id}`, undefined, c.auth)).body.data.default_address).toBe(false);
  });

  it('deletes an address, promoting another to default when the default goes', async () => {
    const c = await seedCustomer(databaseUrl);
    const shopper = signedIn(url, c.token);
    const a = (await shopper.send(addressesEndpoints.create, { body: home })).body.data;
    const b = (await shopper.send(addressesEndpoints.create, { body: work })).body.data;
    const res = await shopper.send(addressesEndpoints.delete, { params: { id: a.id } });
    expect(res.status).toBe(200);
    const left = (await shopper.send(addressesEndpoints.list)).body.data;
    expect(left).toEqual([expect.objectContaining({ id: b.id, default_address: true })]);
    expect((await shopper.send(addressesEndpoints.delete, { params: { id: a.id } })).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field, and guests with 401', async () => {
    const c = await seedCustomer(databaseUrl);
    for (const [field, value] of [
      ['address1', ''],
      ['city', undefined],
      ['country', 'USA'],
      ['postcode', 'x'.repeat(21)],
      ['phone', 'ring me'],
      ['default_address', 'maybe'],
    ] as const) {
      const res = await call(url, 'POST', '/api/addresses/create', { ...home, [field]: value }, c.auth);
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toHaveProperty(field);
    }
    const created = (await call(url, 'POST', '/api/addresses/create', home, c.auth)).body.data;
    const badEdit = await call(url, 'PUT', `/api/addresses/${created.id}`, { ...home, city: '' }, c.auth);
    expect(badEdit.body.errors).toHaveProperty('city');
    expect((await call(url, 'POST', '/api/addresses/create', home)).status).toBe(401);
    expect((await call(url, 'GET', '/api/addresses')).status).toBe(401);
    expect((await call(url, 'GET', '/api/addresses/abc', undefined, c.auth)).status).toBe(404);
  });

  it("answers 404 for another customer's address, whatever the call, and leaves it untouched", async () => {
    const owner = await seedCustomer(databaseUrl);
    const intruder = await seedCustomer(databaseUrl);
    const theirs = (await call(url, 'POST', '/api/addresses/create', home, owner.auth)).body.data;
    await call(url, 'POST', '/api/addresses/create', work, intruder.auth);
    const calls: [string, string, unknown][] = [
      ['GET', `/api/addresses/${theirs.id}`, undefined],
      ['PUT', `/api/addresses/${theirs.id}`, { ...work, city: 'Hacked' }],
      ['DELETE', `/api/addresses/${theirs.id}`, undefined],
      ['POST', `/api/addresses/${theirs.id}/default`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(url, method, path, body, intruder.auth);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Address not found');
    }
    expect((await call(url, 'GET', '/api/addresses', undefined, intruder.auth)).body.data.map((a: any) => a.id)).not.toContain(theirs.id);
    expect((await call(url, 'GET', `/api/addresses/${theirs.id}`, undefined, owner.auth)).body.data).toMatchObject({ city: 'New York', default_address: true });
  });
});
