/**
 * The cancel page's outcomes: its plain form post (before JavaScript) is answered with a 303 back to
 * /book-appointment/cancel/{token}?outcome=<code> (appointments.endpoints.ts), and the page prints the words.
 */
import { cancelSchema } from '~/features/appointments/appointments.schema.ts';

export type CancelOutcome = 'cancelled' | 'already_cancelled' | 'already_started' | 'invalid';

export const CANCEL_OUTCOMES: Record<CancelOutcome, string> = {
  cancelled: 'Your appointment is cancelled. We have sent you a confirmation.',
  already_cancelled: 'This appointment is already cancelled.',
  already_started: 'This appointment has already begun and can no longer be cancelled.',
  invalid: 'This cancellation link is not valid.',
};

/** The outcome of a cancel: done, or the refusal's code where the page has words for it, else `invalid`. */
export function cancelOutcome({ error }: { error?: { code: string } }): CancelOutcome {
  if (!error) return 'cancelled';
  return error.code === 'already_cancelled' || error.code === 'already_started' ? error.code : 'invalid';
}

/**
 * The cancel page of the posted token. A token no link carries (longer than any: cancelSchema) is not
 * written back into the address: a hostile form could otherwise make the Location header as long as its body.
 */
export function cancelPage(_context: unknown, fields: Record<string, unknown>): string {
  const token = typeof fields.token === 'string' ? fields.token : '';
  const link = cancelSchema.safeParse({ token }).success ? token : 'invalid';
  return `/book-appointment/cancel/${encodeURIComponent(link)}`;
}
