import { endpoint, readBody, methodNotAllowed } from '~/server/http.ts';
import { undoEmailChangeSchema } from '~/features/account/account.schema.ts';
import { undoEmailChange } from '~/server/accounts/recovery.service.ts';

/** The old address's link after an e-mail change: gives the address back, ends every session, mails a reset link. */
export const POST = endpoint(async ({ request }) => undoEmailChange((await readBody(request, undoEmailChangeSchema)).token));

export const ALL = methodNotAllowed('POST');
