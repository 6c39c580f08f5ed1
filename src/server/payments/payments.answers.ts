/** The payment routes' answers as zod schemas (routes, OpenAPI). */
import { z } from 'zod';

export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** Present when this event id was handled before: nothing changed. */
  duplicate: z.literal(true).optional(),
});
