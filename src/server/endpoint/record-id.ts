/**
 * The id of a row as a path names it (addresses, orders, products): digits only, within 32 bits (the
 * databases' integer ids). Anything else names nothing, so callers answer 404 rather than 400.
 */
import { z } from 'zod';
import { MAX_ID } from '~/lib/ids.ts';

export const recordIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a whole number')
  .transform(Number)
  .refine((id) => id >= 1 && id <= MAX_ID, 'is not a known id');

/** The id, or undefined when the text cannot name a row. */
export function recordId(raw: unknown): number | undefined {
  const parsed = recordIdSchema.safeParse(String(raw ?? ''));
  return parsed.success ? parsed.data : undefined;
}

/**
 * A path's `{id}` for routes where text that cannot name a row is a row the caller does not have (404,
 * not 400): it reads as undefined and the route answers not found. Documented as the record id.
 */
export const recordPathSchema = z.object({ id: recordIdSchema.optional().catch(undefined) });
