import { getDb } from '~/server/db/database.ts';
import { endpoint, methodNotAllowed, readText } from '~/server/http.ts';
import { handleStripeWebhook } from '~/server/payments/stripe-webhook.ts';

/** POST /api/payments/stripe/webhook: Stripe's signed notifications (src/server/payments/stripe-webhook.ts). */
export const POST = endpoint(async ({ request }) => handleStripeWebhook(await getDb(), await readText(request), request.headers.get('stripe-signature')));

export const ALL = methodNotAllowed('POST');
