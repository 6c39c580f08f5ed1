/** The staff's order changes (docs/api.md "Operators"), as `npm run orders -- ship|cancel|refund|mark-paid` does on the command line. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { markPaidRequestSchema, refundRequestSchema, shipRequestSchema, staffOrderAnswerSchema, staffOrderPathSchema } from './staff.answers.ts';

export const staffOrderEndpoints = {
  ship: defineEndpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/ship',
    tag: 'Operators',
    access: 'admin',
    summary: 'Ship an order in processing: store the carrier and tracking number, e-mail the shopper a tracking link',
    params: staffOrderPathSchema,
    body: shipRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  cancel: defineEndpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/cancel',
    tag: 'Operators',
    access: 'admin',
    summary:
      'Cancel an order not yet shipped: release its stones, give back coupon use and store credit; a paid order is refunded in full through its payment provider',
    params: staffOrderPathSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  refund: defineEndpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/refund',
    tag: 'Operators',
    access: 'admin',
    summary: 'Refund part of what an order paid, through its payment provider; never more than what is left',
    params: staffOrderPathSchema,
    body: refundRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429, 502],
  }),
  markPaid: defineEndpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/mark-paid',
    tag: 'Operators',
    access: 'admin',
    summary: 'A bank transfer received: the order moves from pending to processing, the shopper gets a receipt',
    params: staffOrderPathSchema,
    body: markPaidRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
};
