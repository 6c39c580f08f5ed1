import { otherMethods, route } from '~/server/endpoint/route.ts';
import { readText } from '~/server/endpoint/http.ts';
import { paymentsEndpoints } from '~/server/payments/payments.endpoints.ts';
import { handleStripeWebhook } from '~/server/payments/stripe-webhook.ts';

/** Stripe's signed notifications (src/server/payments/stripe-webhook.ts): the body is read as the bytes Stripe signed. */
export const POST = route(paymentsEndpoints.stripeWebhook, async ({ context: { request }, db }) =>
  handleStripeWebhook(db, await readText(request), request.headers.get('stripe-signature')),
);

export const ALL = otherMethods(paymentsEndpoints.stripeWebhook);
