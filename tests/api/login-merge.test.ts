/** A guest's cart and wishlist join the account at sign-in, on both databases. */
import { describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import { plainProducts } from '../support/catalog-fixtures.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { Shopper } from '../support/shopper.ts';

const band = plainProducts[0]!;
const earring = plainProducts[1]!;

describe.each(databases)('signing in merges the guest cart and wishlist on $kind', { timeout: 60_000 }, ({ url }) => {
  it('keeps what the guest gathered after signing in', async () => {
    const email = uniqueEmail('merge');
    const password = 'a long passphrase';
    const account = new Shopper(url);
    expect(
      (await account.post('/api/customer/register', { email, first_name: 'Ada', last_name: 'Byron', password, password_confirmation: password })).status,
    ).toBeLessThan(300);
    // The account already holds one piece from an earlier visit.
    expect((await account.post('/api/customer/login', { email, password })).status).toBe(200);
    expect(
      (
        await account.post('/api/checkout/cart/add', {
          ids: [earring.id],
          quantity: 1,
          selected_configurable_option: earring.variants[0]!.id,
          selected_size: '7',
        })
      ).status,
    ).toBe(200);

    const guest = new Shopper(url);
    const added = await guest.post('/api/checkout/cart/add', {
      ids: [band.id],
      quantity: 1,
      selected_configurable_option: band.variants[0]!.id,
      selected_size: '7',
    });
    expect(added.status).toBe(200);
    expect((await guest.post(`/api/wishlist/add/${earring.id}`, { selected_configurable_option: earring.variants[0]!.id })).status).toBeLessThan(300);

    expect((await guest.post('/api/customer/login', { email, password })).status).toBe(200);
    const cart = await guest.get('/api/checkout/cart');
    expect(cart.body.data.items.map((i: { product_id: number }) => i.product_id).sort()).toEqual([band.id, earring.id].sort());
    expect((await guest.get('/api/wishlist/count')).body.data.count).toBe(1);
  });
});
