/**
 * The one call the sign-in (and sign-up) flow makes once it knows the customer: the guest's cart and
 * wishlist, held by cookies, join the customer's.
 *
 *   await mergeGuestIntoCustomer(context, customer.id);
 */
import type { AstroCookies } from 'astro';
import { getDb, type Db } from '~/server/db/database.ts';
import { mergeGuestWishlist } from '~/server/wishlist/wishlist.merge.ts';
import { CART_COOKIE, WISHLIST_COOKIE, forgetGuest } from '~/server/shopper/owner.ts';
import { mergeGuestCart } from './cart.merge.ts';

const MERGES = [
  [CART_COOKIE, mergeGuestCart],
  [WISHLIST_COOKIE, mergeGuestWishlist],
] as const;

/** Each guest cookie's cart or wishlist merges into the customer's, and the cookie is cleared. */
export async function mergeGuestIntoCustomer(context: { cookies: AstroCookies }, customerId: number, db?: Db): Promise<void> {
  for (const [cookie, merge] of MERGES) {
    const token = context.cookies.get(cookie)?.value;
    if (!token) continue;
    await merge(db ?? (await getDb()), token, customerId);
    forgetGuest(context.cookies, cookie);
  }
}
