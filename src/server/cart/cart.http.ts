/** The cart endpoints' `{ message, data }` answer (docs/api.md). */
import type { APIContext } from 'astro';
import type { Cart, CartAnswer } from '~/features/cart/cart.schema.ts';
import { CART_COOKIE, rememberGuest } from '~/server/shopper/owner.ts';

/** The answer; a cart created for a guest by this request gives the guest its cookie. */
export function cartAnswer(context: APIContext, message: string, cart: Cart, token?: string): CartAnswer {
  if (token) rememberGuest(context, CART_COOKIE, token);
  return { message, data: cart };
}
