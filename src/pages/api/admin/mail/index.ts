import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { listOverHttp } from '~/server/mail/mail-http.ts';

/** The mail outbox, newest first: `?failed=1` (or `?status=pending|sent|failed`), `?limit=` (default 50). */
export const GET = endpoint((context) => listOverHttp(context));

export const ALL = methodNotAllowed('GET');
