import { z } from 'zod';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { newsletterEndpoints } from '~/server/newsletter/newsletter.endpoints.ts';
import { subscribeAnswer } from '~/server/newsletter/newsletter.http.ts';
import { clientKey } from '~/server/security/client-address.ts';

/**
 * The newsletter sign-up (JSON, or a plain HTML form before JavaScript). The body is parsed here, not by
 * route(): a refused address answers a 400 led by `warning` (subscribeRefusalSchema), not the shared error,
 * and a form's refusal is its `invalid` outcome. route() still reads the JSON (or the form's fields).
 */
export const POST = route({ ...newsletterEndpoints.subscribe, body: z.unknown() }, ({ context, body }) => subscribeAnswer(body, clientKey(context)));

export const ALL = otherMethods(newsletterEndpoints.subscribe);
