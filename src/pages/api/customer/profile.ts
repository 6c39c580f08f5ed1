import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { profileSchema } from '~/features/account/account.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerJson, updateProfile } from '~/server/accounts/accounts.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const PUT = endpoint(async (context) => {
  const customer = requireCustomer(context.locals);
  const updated = await updateProfile(customer, await readBody(context.request, profileSchema), clientKey(context));
  return { message: 'Your profile has been saved.', data: customerJson(updated) };
});

export const ALL = methodNotAllowed('PUT');
