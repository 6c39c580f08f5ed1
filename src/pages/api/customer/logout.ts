import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { endSession } from '~/server/accounts/session.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** Ends the session named by the bearer token or the cookie; answers the same when there was none. */
export const POST = route(accountsEndpoints.logout, async ({ context }) => {
  await endSession(context);
  return { message: 'You are signed out.' };
});

export const ALL = otherMethods(accountsEndpoints.logout);
