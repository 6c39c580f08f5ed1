import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { forgotPasswordSchema } from '~/features/account/account.schema.ts';
import { forgotPassword } from '~/server/accounts/recovery.service.ts';

export const POST = endpoint(async ({ request, clientAddress }) => forgotPassword((await readBody(request, forgotPasswordSchema)).email, clientAddress));

export const ALL = methodNotAllowed('POST');
