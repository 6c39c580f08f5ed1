import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { customerJson } from '~/server/accounts/accounts.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

export const GET = route(accountsEndpoints.get, ({ customer }) => ({ data: customerJson(customer) }));

export const ALL = otherMethods(accountsEndpoints.get);
