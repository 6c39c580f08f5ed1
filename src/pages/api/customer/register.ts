import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { registerSchema } from '~/features/account/account.schema.ts';
import { register } from '~/server/accounts/accounts.service.ts';

/** Same answer whether or not the address already has an account (see docs/api.md, Customer accounts). */
export const POST = endpoint(async ({ request }) => register(await readBody(request, registerSchema)));

export const ALL = methodNotAllowed('POST');
