/** The cart endpoints' shared steps: who is asking, and the `{ message, data }` answer (docs/api.md). */
import type { APIContext } from 'astro';
import type { Cart, CartAnswer } from '~/features/cart/cart.schema.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { CART_COOKIE } from './cart.service.ts';
import { ownerFrom, rememberGuest, type Owner } from './owner.ts';

export async function cartRequest(context: APIContext): Promise<{ db: Db; owner: Owner }> {
  return { db: await getDb(), owner: ownerFrom(context, CART_COOKIE) };
}

/** The answer; a cart created for a guest by this request gives the guest its cookie. */
export function cartAnswer(context: APIContext, message: string, cart: Cart, token?: string): CartAnswer {
  if (token) rememberGuest(context, CART_COOKIE, token);
  return { message, data: cart };
}
