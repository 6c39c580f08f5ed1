/** The operators' order routes' requests and answers as zod schemas (routes, presenters' types, OpenAPI). */
import { z } from 'zod';

export const staffOrderPathSchema = z.object({ id: z.string().describe('The order id (digits) or its number (AU100001)') });

/** The ship request: the carrier's name and the parcel's tracking number. */
export const shipRequestSchema = z.object({
  carrier: z.string({ error: 'Give the carrier' }).trim().min(1, 'Give the carrier').max(60, 'carrier: at most 60 characters'),
  tracking: z
    .string({ error: 'Give the tracking number' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,59}$/, 'tracking: 3 to 60 letters, digits, spaces or dashes'),
});
export type ShipRequest = z.output<typeof shipRequestSchema>;

export const staffOrderSchema = z.object({
  id: z.number().int(),
  increment_id: z.string(),
  status: z.string(),
  status_label: z.string(),
  email: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  grand_total_cents: z.number().int(),
  status_history: z.array(z.object({ status: z.string(), status_label: z.string(), created_at: z.string() })),
  /** Money handed back: one line when a paid order is cancelled by the shop. */
  refunds: z.array(z.object({ amount_cents: z.number().int(), reason: z.string(), created_at: z.string() })),
});

export const staffOrderAnswerSchema = z.object({ message: z.string(), data: staffOrderSchema });
