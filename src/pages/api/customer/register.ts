import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { registerSchema } from '~/features/account/account.schema.ts';
import { register } from '~/server/accounts/accounts.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** Same answer whether or not the address already has an account (see docs/api.md, Customer accounts). */
export const POST = endpoint(async (context) => register(await readBody(context.request, registerSchema), clientKey(context)));

export const ALL = methodNotAllowed('POST');
