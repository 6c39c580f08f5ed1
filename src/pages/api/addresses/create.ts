import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { createAddress } from '~/server/addresses/addresses.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** Answers 201 with the saved address. */
export const POST = route(addressesEndpoints.create, async ({ customer, body }) => ({
  message: 'The address has been saved.',
  data: await createAddress(customer, body),
}));

export const ALL = otherMethods(addressesEndpoints.create);
