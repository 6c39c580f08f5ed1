/**
 * Who is shopping, built once per request by the middleware (src/middleware.ts) into `locals.shopper`:
 * the signed-in customer and their session, else the guest named by the cart and wishlist cookies. Routes
 * get it from `route()` (src/server/endpoint/route.ts), pages from `Astro.locals.shopper`.
 */
import type { Customer } from '~/server/accounts/session.ts';
import { CART_COOKIE, ownerFrom, WISHLIST_COOKIE, type Owner, type OwnerContext } from './owner.ts';

export interface Shopper {
  customer?: Customer;
  /** SHA-256 of the session token (sessions.id). */
  sessionId?: string;
  /** Whose cart the request is about. */
  cart: Owner;
  /** Whose wishlist the request is about. */
  wishlist: Owner;
}

export function shopperOf(context: OwnerContext): Shopper {
  const { customer, sessionId } = context.locals;
  return { customer, sessionId, cart: ownerFrom(context, CART_COOKIE), wishlist: ownerFrom(context, WISHLIST_COOKIE) };
}
