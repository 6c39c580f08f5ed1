import { otherMethods, route } from '~/server/endpoint/route.ts';
import { resendOverHttp } from '~/server/mail/mail.http.ts';
import { mailEndpoints } from '~/server/mail/mail.endpoints.ts';

/** Queues a message again (a failed one, or a sent one asked for again): tried at once, attempts from zero. */
export const POST = route(mailEndpoints.resend, resendOverHttp);

export const ALL = otherMethods(mailEndpoints.resend);
