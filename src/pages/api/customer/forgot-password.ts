import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { forgotPasswordSchema } from '~/features/account/account.schema.ts';
import { forgotPassword } from '~/server/accounts/recovery.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const POST = endpoint(async (context) => forgotPassword((await readBody(context.request, forgotPasswordSchema)).email, clientKey(context)));

export const ALL = methodNotAllowed('POST');
