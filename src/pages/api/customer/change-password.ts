import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { changePasswordSchema } from '~/features/account/account.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { changePassword } from '~/server/accounts/accounts.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** Ends every session of the customer and answers a new token (and cookie) for the caller. */
export const PUT = endpoint(async (context) => {
  const customer = requireCustomer(context.locals);
  const token = await changePassword(context, customer, await readBody(context.request, changePasswordSchema), clientKey(context));
  return { message: 'Your password has been changed. Other devices have been signed out.', token };
});

export const ALL = methodNotAllowed('PUT');
