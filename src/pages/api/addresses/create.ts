import { endpoint, json, readBody, methodNotAllowed } from '~/server/http.ts';
import { addressSchema } from '~/features/account/address.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { createAddress } from '~/server/addresses/addresses.service.ts';

export const POST = endpoint(async ({ request, locals }) => {
  const customer = requireCustomer(locals);
  const data = await createAddress(customer, await readBody(request, addressSchema));
  return json({ message: 'The address has been saved.', data }, { status: 201 });
});

export const ALL = methodNotAllowed('POST');
