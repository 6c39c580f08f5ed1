/** The answers of GET /api/admin/mail and POST /api/admin/mail/{id}/resend (and their OpenAPI schemas). */
import { z } from 'zod';

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string().describe('The template (order_confirmation, staff_new_order, staff_order_paid, staff_order_cancelled) or `message`'),
  to: z.string(),
  subject: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable().describe('When a pending message is tried next'),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const mailListQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  failed: z.enum(['1', 'true']).optional().describe('The same as status=failed (the CLI’s --failed)'),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

export const mailListAnswerSchema = z.object({ data: z.array(outboxEntrySchema) });
export const mailResendAnswerSchema = z.object({ message: z.string(), data: outboxEntrySchema });
export const mailPathSchema = z.object({
  id: z.coerce.number({ error: 'must be a message number' }).int('must be a message number').positive('must be a message number'),
});
