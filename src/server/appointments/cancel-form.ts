/** The cancel page's form post before JavaScript: cancel, then 303 back to the page with the outcome code. */
import { HttpError } from '~/server/http.ts';
import { cancelByToken } from './appointments.service.ts';
import { cancelSchema } from '~/features/appointments/appointments.schema.ts';

export type CancelOutcome = 'cancelled' | 'already_cancelled' | 'already_started' | 'invalid';

export const CANCEL_OUTCOMES: Record<CancelOutcome, string> = {
  cancelled: 'Your appointment is cancelled. We have sent you a confirmation.',
  already_cancelled: 'This appointment is already cancelled.',
  already_started: 'This appointment has already begun and can no longer be cancelled.',
  invalid: 'This cancellation link is not valid.',
};

export async function cancelFormPost(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get('token') ?? '');
  let outcome: CancelOutcome = 'cancelled';
  try {
    await cancelByToken(token);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    outcome = error.code === 'already_cancelled' || error.code === 'already_started' ? error.code : 'invalid';
  }
  // A token no link carries (longer than any: cancelSchema) is not written back into the address: a
  // hostile form could otherwise make the Location header as long as its body.
  const link = cancelSchema.safeParse({ token }).success ? token : 'invalid';
  const location = `/book-appointment/cancel/${encodeURIComponent(link)}?outcome=${outcome}`;
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
