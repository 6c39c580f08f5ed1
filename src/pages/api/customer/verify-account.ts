import { requireCustomer } from '~/server/accounts/auth.ts';
import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { resendVerification, verifyAccount } from '~/server/accounts/recovery.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/**
 * Body: the token (a JSON string, or { token }) confirms the address; {} sends a new link, which only a
 * signed-in customer may ask for (401 otherwise), so the endpoint's access is `guest`.
 */
export const POST = route(accountsEndpoints.verifyAccount, async ({ context, body }) => {
  if (body.token) {
    const { message } = await verifyAccount(body.token);
    return { message };
  }
  return resendVerification(requireCustomer(context.locals));
});

export const ALL = otherMethods(accountsEndpoints.verifyAccount);
