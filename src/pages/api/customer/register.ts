import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { register } from '~/server/accounts/accounts.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** Same answer whether or not the address already has an account (see docs/api.md, Customer accounts). */
export const POST = route(accountsEndpoints.register, ({ context, body }) => register(body, clientKey(context)));

export const ALL = otherMethods(accountsEndpoints.register);
