import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { addressId } from '~/server/addresses/addresses.http.ts';
import { makeDefault } from '~/server/addresses/addresses.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

export const POST = route(addressesEndpoints.makeDefault, async ({ customer, params }) => ({
  message: 'This is now your default address.',
  data: await makeDefault(customer, addressId(params.id)),
}));

export const ALL = otherMethods(addressesEndpoints.makeDefault);
