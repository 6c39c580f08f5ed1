/** What every checkout endpoint and page starts from: the database, whose cart it is, and the signed-in customer. */
import { getDb, type Db } from '~/server/db/database.ts';
import type { Shopper } from '~/server/shopper/shopper.ts';
import type { CheckoutCaller } from './checkout.service.ts';

export const checkoutCaller = ({ db, shopper }: { db: Db; shopper: Shopper }): CheckoutCaller => ({ db, owner: shopper.cart, customer: shopper.customer });

/** For a page: the same, from `Astro.locals`. */
export async function checkoutRequest(context: { locals: App.Locals }): Promise<CheckoutCaller> {
  return checkoutCaller({ db: await getDb(), shopper: context.locals.shopper });
}
