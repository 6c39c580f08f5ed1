/** The answers of the hold endpoints (and their OpenAPI schemas). */
import { z } from 'zod';

export const holdSchema = z.object({
  id: z.number().int(),
  diamond_id: z.number().int(),
  diamond_name: z.string(),
  url: z.string().describe("The stone's page"),
  created_at: z.string(),
  expires_at: z.string().describe('When the hold ends by itself'),
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable().describe('released (by the shopper), expired, bought, staff, delisted'),
  is_active: z.boolean(),
});

export const holdAnswerSchema = z.object({ message: z.string(), data: holdSchema });
export const holdListAnswerSchema = z.object({
  data: z.array(holdSchema),
  limit: z.number().int().describe('DIAMOND_HOLDS_PER_CUSTOMER'),
  hours: z.number().describe('DIAMOND_HOLD_HOURS'),
});
export const staffHoldListAnswerSchema = z.object({ data: z.array(holdSchema.extend({ customer_email: z.string() })) });
export const staffHoldQuerySchema = z.object({ all: z.enum(['0', '1']).optional().describe('1: ended holds too (the last 200)') });
