import { otherMethods, route } from '~/server/endpoint/route.ts';
import { listOverHttp } from '~/server/mail/mail.http.ts';
import { mailEndpoints } from '~/server/mail/mail.endpoints.ts';

/** The mail outbox, newest first: `?failed=1` (or `?status=pending|sent|failed`), `?limit=` (default 50). */
export const GET = route(mailEndpoints.list, listOverHttp);

export const ALL = otherMethods(mailEndpoints.list);
