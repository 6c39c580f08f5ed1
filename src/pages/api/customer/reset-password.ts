import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { resetPassword } from '~/server/accounts/recovery.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** Takes a reset-password or a first-time-login token. */
export const POST = route(accountsEndpoints.resetPassword, ({ body }) => resetPassword(body));

export const ALL = otherMethods(accountsEndpoints.resetPassword);
