/**
 * The analytics contract (docs/api.md): POST /api/analytics/collect with `payload` (a JSON string of
 * page data, device, referrer and shop configuration), `type` 'page' and `user_id`.
 */
import { z } from 'zod';

export const MAX_PAYLOAD_CHARS = 16 * 1024;

function isJsonObject(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export const collectSchema = z.object({
  payload: z
    .string('must be a JSON object encoded as a string')
    .max(MAX_PAYLOAD_CHARS, `must be at most ${MAX_PAYLOAD_CHARS} characters`)
    .refine(isJsonObject, 'must be a JSON object encoded as a string'),
  type: z.literal('page', "must be 'page'"),
  /** The customer's id once signed in; null (or absent) for a guest. */
  user_id: z.union([z.string().max(64), z.number().int(), z.null()]).optional(),
});

export type CollectRequest = z.input<typeof collectSchema>;
export type PageEvent = { payload: string; type: 'page'; user_id: string | number | null };
