import type { Customer } from '~/server/accounts/session.ts';
import type { Db } from '~/server/db/database.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { placeHold, releaseHold } from '~/server/holds/holds.service.ts';
import { whenWords } from '~/server/holds/hold-settings.ts';
import { holdsEndpoints } from '~/server/holds/holds.endpoints.ts';

const release = async (db: Db, customer: Customer, diamondId: number) => ({
  message: 'Your hold on this diamond has been released',
  data: await releaseHold(db, customer.id, diamondId),
});

/**
 * Holds the stone for the signed-in shopper (DIAMOND_HOLD_HOURS). A form cannot send DELETE: the account
 * page's "Release" posts with ?_method=DELETE before JavaScript loads.
 */
export const POST = route(holdsEndpoints.hold, async ({ context, db, customer, params }) => {
  if (context.url.searchParams.get('_method') === 'DELETE') return release(db, customer, params.id);
  const data = await placeHold(db, customer.id, params.id);
  return { message: `This diamond is held for you until ${whenWords(data.expires_at)}`, data };
});

/** Lets the stone go. */
export const DELETE = route(holdsEndpoints.release, ({ db, customer, params }) => release(db, customer, params.id));

export const ALL = otherMethods(holdsEndpoints.hold, holdsEndpoints.release);
