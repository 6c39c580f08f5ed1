import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { addressId } from '~/server/addresses/addresses.http.ts';
import { addresses, editAddress, removeAddress } from '~/server/addresses/addresses.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { notFound } from '~/server/endpoint/http.ts';

export const GET = route(addressesEndpoints.get, async ({ customer, params }) => {
  const id = addressId(params.id);
  const found = (await addresses(customer)).find((a) => a.id === id);
  if (!found) throw notFound('Address not found');
  return { data: found };
});

export const PUT = route(addressesEndpoints.update, async ({ customer, params, body }) => ({
  message: 'The address has been saved.',
  data: await editAddress(customer, addressId(params.id), body),
}));

export const DELETE = route(addressesEndpoints.delete, async ({ customer, params }) => {
  await removeAddress(customer, addressId(params.id));
  return { message: 'The address has been deleted.' };
});

export const ALL = otherMethods(addressesEndpoints.get, addressesEndpoints.update, addressesEndpoints.delete);
