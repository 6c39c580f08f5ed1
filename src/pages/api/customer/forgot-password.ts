import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { forgotPassword } from '~/server/accounts/recovery.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const POST = route(accountsEndpoints.forgotPassword, ({ context, body }) => forgotPassword(body.email, clientKey(context)));

export const ALL = otherMethods(accountsEndpoints.forgotPassword);
