/**
 * The one call the sign-in (and sign-up) flow makes once it knows the customer: the guest's cart and
 * wishlist, held by cookies, join the customer's.
 *
 *   await mergeGuestIntoCustomer(context, customer.id);
 */
import type { AstroCookies } from 'astro';
import type { Db } from '~/server/db/database.ts';
import { mergeGuestWishlistIntoCustomer } from '~/server/wishlist/wishlist.merge.ts';
import { mergeGuestCartIntoCustomer } from './cart.merge.ts';

export async function mergeGuestIntoCustomer(context: { cookies: AstroCookies }, customerId: number, db?: Db): Promise<void> {
  await mergeGuestCartIntoCustomer(context, customerId, db);
  await mergeGuestWishlistIntoCustomer(context, customerId, db);
}
