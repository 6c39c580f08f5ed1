import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { undoEmailChange } from '~/server/accounts/recovery.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** The old address's link after an e-mail change: gives the address back, ends every session, mails a reset link. */
export const POST = route(accountsEndpoints.undoEmailChange, ({ body }) => undoEmailChange(body.token));

export const ALL = otherMethods(accountsEndpoints.undoEmailChange);
