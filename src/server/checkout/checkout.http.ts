/** What every checkout endpoint starts from: the database, whose cart it is, and the signed-in customer. */
import type { APIContext } from 'astro';
import { getDb } from '~/server/db/database.ts';
import { CART_COOKIE } from '~/server/cart/cart.service.ts';
import { ownerFrom } from '~/server/cart/owner.ts';
import type { Shopper } from './checkout.service.ts';

export async function checkoutRequest(
  context: APIContext | { cookies: APIContext['cookies']; locals: App.Locals; url: URL; request: Request },
): Promise<Shopper> {
  return { db: await getDb(), owner: ownerFrom(context, CART_COOKIE), customer: context.locals.customer ?? undefined };
}
