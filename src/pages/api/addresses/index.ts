import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { addresses } from '~/server/addresses/addresses.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

export const GET = route(addressesEndpoints.list, async ({ customer }) => ({ data: await addresses(customer) }));

export const ALL = otherMethods(addressesEndpoints.list);
