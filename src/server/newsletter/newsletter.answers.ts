/**
 * POST /api/subscribe's JSON answers as zod schemas: their one description (types, OpenAPI document).
 * The first key is the snackbar severity and its value the message (docs/api.md: "Newsletter
 * mutation"); `status` follows for clients that prefer a field.
 */
import { z } from 'zod';
import { errorBodySchema } from '~/server/endpoint/http.ts';

export const subscribeAnswerSchema = z.object({ success: z.string(), status: z.enum(['subscribed', 'already_subscribed']) });

/** A refused address: the error shape, led by `warning` (the severity) for clients that read it that way. */
export const subscribeRefusalSchema = z.object({ warning: z.string(), ...errorBodySchema.shape });

/** What a 400 of /api/subscribe can be: that refusal, or the shared error (a body that is not JSON at all). */
export const subscribeBadRequestSchema = z.union([subscribeRefusalSchema, errorBodySchema]);
