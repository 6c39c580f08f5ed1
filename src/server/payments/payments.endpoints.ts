/** The payment providers' notifications (docs/api.md "Payments"). */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { webhookAnswerSchema } from './payments.answers.ts';

export const paymentsEndpoints = {
  stripeWebhook: defineEndpoint({
    method: 'post',
    path: '/api/payments/stripe/webhook',
    tag: 'Payments',
    summary: "Stripe's signed notifications (Stripe-Signature); each event is handled once, a repeat answers 200",
    fileBody: { types: ['application/json'], description: 'A Stripe Event, exactly as Stripe sent it (the signature covers these bytes)' },
    answers: { 200: webhookAnswerSchema },
    errors: [400, 404, 413],
  }),
};
