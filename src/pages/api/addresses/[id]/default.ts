import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { makeDefault, parseId } from '~/server/addresses/addresses.service.ts';

export const POST = endpoint(async ({ locals, params }) => {
  const customer = requireCustomer(locals);
  const data = await makeDefault(customer, parseId(params.id));
  return { message: 'This is now your default address.', data };
});

export const ALL = methodNotAllowed('POST');
