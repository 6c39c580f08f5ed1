import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { profileSchema } from '~/features/account/account.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerJson, updateProfile } from '~/server/accounts/accounts.service.ts';

export const PUT = endpoint(async ({ request, locals }) => {
  const customer = requireCustomer(locals);
  const updated = await updateProfile(customer, await readBody(request, profileSchema));
  return { message: 'Your profile has been saved.', data: customerJson(updated) };
});

export const ALL = methodNotAllowed('PUT');
