/**
 * Every HTTP operation of the API, one registration each, built from the zod schemas the routes use.
 * A new route adds its line here (tests/api/openapi.test.ts fails until it does); its answers' schemas
 * live next to the code that produces them (the `*.answers.ts` files).
 */
import { z } from 'zod';
import { collectSchema } from '~/features/analytics/analytics.schema.ts';
import { bookingSchema, cancelSchema, slotsQuerySchema } from '~/features/appointments/appointments.schema.ts';
import { productDetailQuerySchema, productQuerySchema } from '~/features/catalog/products.schema.ts';
import { diamondQuerySchema } from '~/features/diamonds/diamonds.schema.ts';
import { subscribeSchema } from '~/features/newsletter/newsletter.schema.ts';
import { messageAnswerSchema } from '~/server/accounts/accounts.answers.ts';
import { appointmentAnswerSchema, appointmentListAnswerSchema, calendarAnswerSchema, slotsAnswerSchema } from '~/server/appointments/appointments.answers.ts';
import { diamondPageSchema, diamondSchema } from '~/server/diamonds/diamond.answers.ts';
import { subscribeAnswerSchema, subscribeBadRequestSchema } from '~/server/newsletter/newsletter.answers.ts';
import { productSchema, productPageSchema } from '~/server/products/product.answers.ts';
import { recordIdSchema } from '~/server/record-id.ts';
import { collectAnswerSchema } from '~/server/analytics/analytics.service.ts';
import { webhookAnswerSchema } from '~/server/payments/payments.answers.ts';
import { holdAnswerSchema, holdListAnswerSchema, staffHoldListAnswerSchema, staffHoldQuerySchema } from '~/server/holds/hold.answers.ts';
import { holdPathSchema } from '~/server/holds/hold-http.ts';
import {
  alertAnswerSchema,
  alertCreateSchema,
  alertListAnswerSchema,
  alertPathSchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
} from '~/server/alerts/alert.answers.ts';
import { hintSchema } from '~/server/hints/hint.service.ts';
import { hintAnswerSchema } from '~/server/hints/hint-http.ts';
import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';
import { importEndpoints } from '~/server/feeds/import.endpoints.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';
import { mailEndpoints } from '~/server/mail/mail.endpoints.ts';
import { invoicesEndpoints } from '~/server/invoices/invoices.endpoints.ts';
import { productImportEndpoints } from '~/server/product-feed/product-import.endpoints.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';
import { op, type Operation } from './operation.ts';

const idPath = z.object({ id: recordIdSchema });
const referencePath = z.object({ id: z.string().describe('The id, certificate number or sku') });
const _byoPath = z.object({ id: z.string().describe('The byo_id of a build-your-own pair') });
const productDetailAnswer = productSchema.extend({ selected_jewelry_shape: z.string().nullable() });

export const operations: Operation[] = [
  // Accounts
  ...Object.values(accountsEndpoints),
  // Addresses
  ...Object.values(addressesEndpoints),
  // Orders
  ...Object.values(ordersEndpoints),
  // Cart
  ...Object.values(cartEndpoints),
  // Checkout
  ...Object.values(checkoutEndpoints),
  // Wishlist
  ...Object.values(wishlistEndpoints),
  // Appointments
  op('get', '/api/appointments/calendar', {
    tag: 'Appointments',
    summary: 'The bookable days, as month grids, and what the showroom offers',
    answers: { 200: calendarAnswerSchema },
  }),
  op('get', '/api/appointments/slots', {
    tag: 'Appointments',
    summary: 'The slots of one showroom day',
    query: slotsQuerySchema,
    answers: { 200: slotsAnswerSchema },
  }),
  op('get', '/api/appointments', {
    tag: 'Appointments',
    access: 'customer',
    summary: "The customer's upcoming appointments",
    answers: { 200: appointmentListAnswerSchema },
  }),
  op('post', '/api/appointments', {
    tag: 'Appointments',
    access: 'guest',
    summary: 'Book an appointment',
    body: bookingSchema,
    answers: { 201: appointmentAnswerSchema },
    errors: [409, 429],
  }),
  op('post', '/api/appointments/cancel', {
    tag: 'Appointments',
    summary: 'Cancel through the secret link',
    body: cancelSchema,
    form: true,
    answers: { 200: appointmentAnswerSchema },
    errors: [404, 409],
  }),
  // Newsletter and analytics
  op('post', '/api/subscribe', {
    tag: 'Newsletter',
    summary: 'Subscribe to the newsletter',
    body: subscribeSchema,
    form: true,
    answers: { 200: subscribeAnswerSchema, 201: subscribeAnswerSchema },
    errors: [429],
    errorAnswers: { 400: subscribeBadRequestSchema },
  }),
  op('post', '/api/analytics/collect', {
    tag: 'Analytics',
    summary: 'Record one page event',
    body: collectSchema,
    answers: { 202: collectAnswerSchema },
    errors: [429],
  }),
  // Catalogue ({api} is /catalog)
  op('get', '/catalog/api/diamonds', {
    tag: 'Catalogue',
    summary: 'One page of matching diamonds, the total and the facets',
    query: diamondQuerySchema,
    answers: { 200: diamondPageSchema },
    cacheable: true,
  }),
  op('get', '/catalog/api/diamonds/{id}', {
    tag: 'Catalogue',
    summary: 'One diamond by id, certificate number or sku (sold ones too)',
    params: referencePath,
    answers: { 200: diamondSchema },
    errors: [404],
    cacheable: true,
  }),
  op('get', '/catalog/products', {
    tag: 'Catalogue',
    summary: 'One page of products on sale, with listing variants and facets',
    query: productQuerySchema,
    answers: { 200: productPageSchema },
    cacheable: true,
  }),
  op('get', '/catalog/products/{id}', {
    tag: 'Catalogue',
    summary: 'One product with all its variants, viewed for a centre-stone shape',
    params: idPath,
    query: productDetailQuerySchema,
    answers: { 200: productDetailAnswer },
    errors: [404],
    cacheable: true,
  }),
  // Operators (Authorization: Bearer $ADMIN_TOKEN; unset, 404)
  importEndpoints.diamonds,
  staffOrderEndpoints.ship,
  staffOrderEndpoints.cancel,
  mailEndpoints.list,
  mailEndpoints.resend,
  staffOrderEndpoints.refund,
  staffOrderEndpoints.markPaid,
  // Tax and invoices
  ...Object.values(invoicesEndpoints),
  // Products in and out as Shopify's product CSV
  ...Object.values(productImportEndpoints),
  // The back office's product editor
  ...Object.values(productEditorEndpoints),
  // Payment providers' notifications
  op('post', '/api/payments/stripe/webhook', {
    tag: 'Payments',
    summary: "Stripe's signed notifications (Stripe-Signature); each event is handled once, a repeat answers 200",
    fileBody: { types: ['application/json'], description: 'A Stripe Event, exactly as Stripe sent it (the signature covers these bytes)' },
    answers: { 200: webhookAnswerSchema },
    errors: [400, 404, 413],
  }),
  // Diamond holds and alerts
  op('post', '/api/diamonds/{id}/hold', {
    tag: 'Holds',
    access: 'customer',
    summary: 'Hold an available diamond for DIAMOND_HOLD_HOURS: nobody else can buy it meanwhile (?_method=DELETE: release, for plain forms)',
    params: holdPathSchema,
    form: true,
    answers: { 200: holdAnswerSchema },
    errors: [401, 404, 409],
  }),
  op('delete', '/api/diamonds/{id}/hold', {
    tag: 'Holds',
    access: 'customer',
    summary: 'Release your hold on a diamond',
    params: holdPathSchema,
    answers: { 200: holdAnswerSchema },
    errors: [401, 404],
  }),
  op('get', '/api/holds', {
    tag: 'Holds',
    access: 'customer',
    summary: "The shopper's holds, live first, and the limits",
    answers: { 200: holdListAnswerSchema },
    errors: [401],
  }),
  op('get', '/api/admin/holds', {
    tag: 'Operators',
    access: 'admin',
    summary: 'The live diamond holds (all=1: ended ones too), newest first',
    query: staffHoldQuerySchema,
    answers: { 200: staffHoldListAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
  op('post', '/api/admin/holds/{id}/release', {
    tag: 'Operators',
    access: 'admin',
    summary: 'End a hold (by its id); the shopper is e-mailed',
    params: holdPathSchema,
    answers: { 200: holdAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  op('get', '/api/alerts', { tag: 'Alerts', access: 'customer', summary: "The shopper's alerts", answers: { 200: alertListAnswerSchema }, errors: [401] }),
  op('post', '/api/alerts', {
    tag: 'Alerts',
    access: 'customer',
    summary:
      "Watch a diamond (price_drop, back_in_stock), a piece of jewellery's variant (price_drop with variant_id) or save a search (saved_search: a daily digest of new matches)",
    body: alertCreateSchema,
    form: true,
    answers: { 200: alertAnswerSchema, 201: alertAnswerSchema },
    errors: [401, 404, 409],
  }),
  op('delete', '/api/alerts/{id}', {
    tag: 'Alerts',
    access: 'customer',
    summary: 'Delete one of your alerts',
    params: alertPathSchema,
    answers: { 200: messageAnswerSchema },
    errors: [401, 404],
  }),
  op('post', '/api/alerts/{id}', {
    tag: 'Alerts',
    access: 'customer',
    summary: 'Delete one of your alerts from a plain form (?_method=DELETE)',
    params: alertPathSchema,
    form: true,
    answers: { 200: messageAnswerSchema },
    errors: [401, 404, 405],
  }),
  op('get', '/api/alerts/unsubscribe', {
    tag: 'Alerts',
    summary: "An alert e-mail's signed unsubscribe link: deletes the alert without signing in (HTML for a browser)",
    query: unsubscribeQuerySchema,
    answers: { 200: unsubscribeAnswerSchema },
    errors: [403],
  }),
  op('post', '/api/hints', {
    tag: 'Alerts',
    access: 'customer',
    summary:
      'Drop a hint: e-mail a diamond, a piece or a built ring (picture and link, optional note) to an address; limited per shopper and per address a day',
    body: hintSchema,
    form: true,
    answers: { 200: hintAnswerSchema },
    errors: [401, 404, 429],
  }),
  op('post', '/api/alerts/unsubscribe', {
    tag: 'Alerts',
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post), the same signed query',
    query: unsubscribeQuerySchema,
    answers: { 200: unsubscribeAnswerSchema },
    errors: [403],
  }),
];
