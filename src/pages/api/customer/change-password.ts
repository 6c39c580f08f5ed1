import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { changePassword } from '~/server/accounts/accounts.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** Ends every session of the customer and answers a new token (and cookie) for the caller. */
export const PUT = route(accountsEndpoints.changePassword, async ({ context, customer, body }) => {
  const token = await changePassword(context, customer, body, clientKey(context));
  return { message: 'Your password has been changed. Other devices have been signed out.', token };
});

export const ALL = otherMethods(accountsEndpoints.changePassword);
