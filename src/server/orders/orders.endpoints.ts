/** The shopper's order endpoints (docs/api.md "Orders"): their own orders, one order, a payment link for an unpaid one. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { recordPathSchema } from '~/server/endpoint/record-id.ts';
import { orderDetailAnswerSchema, orderListAnswerSchema, paymentLinkAnswerSchema } from './orders.answers.ts';
import { orderPageQuerySchema, paymentLinkRequestSchema } from './orders.service.ts';

export const ordersEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/api/orders',
    tag: 'Orders',
    access: 'customer',
    summary: "A page of the customer's orders, newest first",
    query: orderPageQuerySchema,
    answers: { 200: orderListAnswerSchema },
  }),
  order: defineEndpoint({
    method: 'get',
    path: '/api/order/{id}',
    tag: 'Orders',
    access: 'customer',
    summary: 'One order of the customer',
    params: recordPathSchema,
    answers: { 200: orderDetailAnswerSchema },
    errors: [404],
  }),
  paymentLink: defineEndpoint({
    method: 'post',
    path: '/api/orders/createOrderPaymentLink',
    tag: 'Orders',
    access: 'customer',
    summary: 'The link that pays an unpaid order',
    body: paymentLinkRequestSchema,
    answers: { 200: paymentLinkAnswerSchema },
    errors: [404, 409],
  }),
};
