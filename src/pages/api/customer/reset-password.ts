import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { resetPasswordSchema } from '~/features/account/account.schema.ts';
import { resetPassword } from '~/server/accounts/recovery.service.ts';

/** Takes a reset-password or a first-time-login token. */
export const POST = endpoint(async ({ request }) => resetPassword(await readBody(request, resetPasswordSchema)));

export const ALL = methodNotAllowed('POST');
