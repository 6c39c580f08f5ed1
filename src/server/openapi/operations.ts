/**
 * Every HTTP operation of the API, one registration each, built from the zod schemas the routes use.
 * A new route adds its line here (tests/api/openapi.test.ts fails until it does); its answers' schemas
 * live next to the code that produces them (the `*.answers.ts` files).
 */
import { z } from 'zod';
import { productImportQuerySchema, productImportSummarySchema } from '~/server/product-feed/product-import.answers.ts';
import { productPatchSchema, staffPhotoPathSchema, staffProductPathSchema } from '~/server/products/product-editor.schema.ts';
import { staffProductAnswerSchema, staffProductChangeAnswerSchema } from '~/server/products/product-editor.answers.ts';
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
import { importQuerySchema, importSummarySchema } from '~/server/feeds/import.answers.ts';
import {
  markPaidRequestSchema,
  refundRequestSchema,
  shipRequestSchema,
  staffOrderAnswerSchema,
  staffOrderPathSchema,
  staffInvoiceAnswerSchema,
} from '~/server/orders/staff.answers.ts';
import { webhookAnswerSchema } from '~/server/payments/payments.answers.ts';
import { mailListAnswerSchema, mailListQuerySchema, mailPathSchema, mailResendAnswerSchema } from '~/server/mail/mail.answers.ts';
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
  op('post', '/api/admin/diamonds/import', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Import a diamond stock file (RapNet columns and codes): the summary and the first 100 rejected rows',
    description:
      'With `Accept: text/csv` the answer is instead the file of every rejected row in file order (`line,stock_number,reasons`, `Content-Disposition: attachment`), the summary without its rejections in the `Import-Summary` header (JSON).',
    query: importQuerySchema,
    fileBody: {
      types: ['text/csv', 'application/x-ndjson'],
      description: 'The stock file, streamed: CSV (comma, semicolon or tab, header row) or JSON Lines; at most ADMIN_IMPORT_MAX_BYTES (512 MB by default)',
    },
    answers: { 200: importSummarySchema },
    errors: [401, 404, 413, 415, 429],
  }),
  op('post', '/api/admin/orders/{id}/ship', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Ship an order in processing: store the carrier and tracking number, e-mail the shopper a tracking link',
    params: staffOrderPathSchema,
    body: shipRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  op('post', '/api/admin/orders/{id}/cancel', {
    tag: 'Operators',
    access: 'admin',
    summary:
      'Cancel an order not yet shipped: release its stones, give back coupon use and store credit; a paid order is refunded in full through its payment provider',
    params: staffOrderPathSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  op('get', '/api/admin/mail', {
    tag: 'Operators',
    access: 'admin',
    summary: 'The mail outbox, newest first: every message with its status (pending, sent, failed), attempts and last error',
    query: mailListQuerySchema,
    answers: { 200: mailListAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
  op('post', '/api/admin/mail/{id}/resend', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Queue a message again (failed, or sent and wanted again): tried at once, its attempts counted from zero',
    params: mailPathSchema,
    answers: { 200: mailResendAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
  op('post', '/api/admin/orders/{id}/refund', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Refund part of what an order paid, through its payment provider; never more than what is left',
    params: staffOrderPathSchema,
    body: refundRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429, 502],
  }),
  op('post', '/api/admin/orders/{id}/mark-paid', {
    tag: 'Operators',
    access: 'admin',
    summary: 'A bank transfer received: the order moves from pending to processing, the shopper gets a receipt',
    params: staffOrderPathSchema,
    body: markPaidRequestSchema,
    answers: { 200: staffOrderAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
  // Tax and invoices
  op('get', '/api/order/{id}/invoice', {
    tag: 'Orders',
    access: 'customer',
    summary: "The order's invoice as PDF (the owner only; 404 for another customer's order or before it is paid)",
    params: idPath,
    answers: {},
    fileAnswer: { types: ['application/pdf'], description: 'The invoice INV-YYYY-NNNNNN' },
    errors: [404],
  }),
  op('get', '/api/admin/orders/{id}/invoice', {
    tag: 'Operators',
    access: 'admin',
    summary: "An order's invoice: the PDF, or with ?format=json what it says (lines, tax, totals, credit notes)",
    params: staffOrderPathSchema,
    query: z.object({ format: z.enum(['pdf', 'json']).optional() }),
    answers: { 200: staffInvoiceAnswerSchema },
    fileAnswer: { types: ['application/pdf'], description: 'The invoice INV-YYYY-NNNNNN' },
    errors: [401, 404, 429],
  }),
  op('get', '/api/admin/orders/{id}/credit-notes/{number}', {
    tag: 'Operators',
    access: 'admin',
    summary: "A refund's credit note as PDF (CN-YYYY-NNNNNN)",
    params: staffOrderPathSchema.extend({ number: z.string().describe('The credit note number, CN-2026-000001') }),
    answers: {},
    fileAnswer: { types: ['application/pdf'], description: 'The credit note' },
    errors: [401, 404, 429],
  }),
  // Products in and out as Shopify's product CSV
  op('post', '/api/admin/products/import', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Import a Shopify product CSV (products, variants by Metal / Total Carat Weight / Ring Size, photographs): the summary and every refused row',
    query: productImportQuerySchema,
    fileBody: {
      types: ['text/csv'],
      description:
        "Shopify's product CSV, streamed; Image Src as http(s) addresses (fetched once) or the shop's own /images/photos/ addresses; at most ADMIN_IMPORT_MAX_BYTES",
    },
    answers: { 200: productImportSummarySchema },
    errors: [401, 404, 413, 415, 429],
  }),
  op('get', '/api/admin/products/export', {
    tag: 'Operators',
    access: 'admin',
    summary: 'The catalogue as a Shopify product CSV: one row per variant and per further photograph; it imports back to the same catalogue',
    answers: {},
    fileAnswer: { types: ['text/csv'], description: "Shopify's product CSV (Content-Disposition: attachment)" },
    errors: [401, 404, 429],
  }),
  // The back office's product editor
  op('get', '/api/admin/products/{id}', {
    tag: 'Operators',
    access: 'admin',
    summary: 'One product as staff edit it: name, description (sanitised HTML), on sale, its variants on sale with their prices, its photos in order',
    params: staffProductPathSchema,
    answers: { 200: staffProductAnswerSchema },
    errors: [401, 404, 429],
  }),
  op('patch', '/api/admin/products/{id}', {
    tag: 'Operators',
    access: 'admin',
    summary: "Change a product's name, description, on sale, variants' prices (owners and managers: an editor gets 403) or photo order, in one transaction",
    description:
      'Only the fields sent change. The description is sanitised as the product import sanitises Body (HTML). Prices are dollars with at most two decimals, above 0 and at most 1,000,000. The change is in the activity record with before and after, and the shop shows it on the next request.',
    params: staffProductPathSchema,
    body: productPatchSchema,
    answers: { 200: staffProductChangeAnswerSchema },
    errors: [401, 404, 429],
  }),
  op('post', '/api/admin/products/{id}/photos', {
    tag: 'Operators',
    access: 'admin',
    summary: "Upload a photo (JPEG, PNG or WebP, at least 200 px each way, at most 10 MB), processed as the import's, at the end of the product's photos",
    params: staffProductPathSchema,
    fileBody: {
      types: ['multipart/form-data'],
      description: 'A form with the file in `photo` and, optionally, its alternative text in `alt` (at most 200 characters)',
    },
    answers: { 201: staffProductChangeAnswerSchema },
    errors: [401, 404, 409, 413, 415, 429],
  }),
  op('delete', '/api/admin/products/{id}/photos/{photoId}', {
    tag: 'Operators',
    access: 'admin',
    summary: 'Take a photo off a product (the others close up)',
    params: staffPhotoPathSchema,
    answers: { 200: staffProductChangeAnswerSchema },
    errors: [401, 404, 429],
  }),
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
