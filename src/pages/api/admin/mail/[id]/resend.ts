import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { resendOverHttp } from '~/server/mail/mail-http.ts';

/** Queues a message again (a failed one, or a sent one asked for again): tried at once, attempts from zero. */
export const POST = endpoint((context) => resendOverHttp(context));

export const ALL = methodNotAllowed('POST');
