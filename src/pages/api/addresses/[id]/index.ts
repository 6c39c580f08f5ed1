import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { addressSchema } from '~/features/account/address.schema.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { addresses, editAddress, parseId, removeAddress } from '~/server/addresses/addresses.service.ts';
import { notFound } from '~/server/http.ts';

export const GET = endpoint(async ({ locals, params }) => {
  const customer = requireCustomer(locals);
  const id = parseId(params.id);
  const found = (await addresses(customer)).find((a) => a.id === id);
  if (!found) throw notFound('Address not found');
  return { data: found };
});

export const PUT = endpoint(async ({ request, locals, params }) => {
  const customer = requireCustomer(locals);
  const id = parseId(params.id);
  const data = await editAddress(customer, id, await readBody(request, addressSchema));
  return { message: 'The address has been saved.', data };
});

export const DELETE = endpoint(async ({ locals, params }) => {
  const customer = requireCustomer(locals);
  await removeAddress(customer, parseId(params.id));
  return { message: 'The address has been deleted.' };
});

export const ALL = methodNotAllowed('GET', 'PUT', 'DELETE');
