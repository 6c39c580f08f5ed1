/** The shopper's alerts (docs/api.md "Diamond holds and alerts"): price drops, back in stock, saved searches, and the e-mails' unsubscribe link. */
import { messageAnswerSchema } from '~/server/accounts/accounts.answers.ts';
import { defineEndpoint, type FormReply } from '~/server/endpoint/define.ts';
import {
  alertAnswerSchema,
  alertCreateSchema,
  alertListAnswerSchema,
  alertPathSchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
} from './alerts.answers.ts';

/** Before JavaScript: back to the page the button was on (else the account's alerts), the message in ?notice=. */
const backToAlerts: FormReply = { page: '/customer/account/alerts', back: true, notice: true, signIn: true };

export const alertsEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/api/alerts',
    tag: 'Alerts',
    access: 'customer',
    summary: "The shopper's alerts",
    answers: { 200: alertListAnswerSchema },
    errors: [401],
  }),
  create: defineEndpoint({
    method: 'post',
    path: '/api/alerts',
    tag: 'Alerts',
    access: 'customer',
    summary:
      "Watch a diamond (price_drop, back_in_stock), a piece of jewellery's variant (price_drop with variant_id) or save a search (saved_search: a daily digest of new matches)",
    body: alertCreateSchema,
    form: backToAlerts,
    answers: { 200: alertAnswerSchema, 201: alertAnswerSchema },
    errors: [401, 404, 409],
  }),
  delete: defineEndpoint({
    method: 'delete',
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    access: 'customer',
    summary: 'Delete one of your alerts',
    params: alertPathSchema,
    answers: { 200: messageAnswerSchema },
    errors: [401, 404],
  }),
  deleteByForm: defineEndpoint({
    method: 'post',
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    access: 'customer',
    summary: 'Delete one of your alerts from a plain form (?_method=DELETE)',
    params: alertPathSchema,
    form: backToAlerts,
    answers: { 200: messageAnswerSchema },
    errors: [401, 404, 405],
  }),
  unsubscribe: defineEndpoint({
    method: 'get',
    path: '/api/alerts/unsubscribe',
    tag: 'Alerts',
    summary: "An alert e-mail's signed unsubscribe link: deletes the alert without signing in (HTML for a browser)",
    query: unsubscribeQuerySchema,
    answers: { 200: unsubscribeAnswerSchema },
    errors: [403],
  }),
  oneClickUnsubscribe: defineEndpoint({
    method: 'post',
    path: '/api/alerts/unsubscribe',
    tag: 'Alerts',
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post), the same signed query',
    query: unsubscribeQuerySchema,
    answers: { 200: unsubscribeAnswerSchema },
    errors: [403],
  }),
};
