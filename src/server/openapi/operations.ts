/**
 * Every HTTP operation of the API, one registration each, built from the zod schemas the routes use.
 * A new route adds its line here (tests/api/openapi.test.ts fails until it does); its answers' schemas
 * live next to the code that produces them (the `*.answers.ts` files).
 */
import { z } from 'zod';
import { productImportQuerySchema, productImportSummarySchema } from '~/server/product-feed/product-import.answers.ts';
import { productPatchSchema, staffPhotoPathSchema, staffProductPathSchema } from '~/server/products/product-editor.schema.ts';
import { staffProductAnswerSchema, staffProductChangeAnswerSchema } from '~/server/products/product-editor.answers.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginQuerySchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  undoEmailChangeSchema,
  verifyAccountSchema,
} from '~/features/account/account.schema.ts';
import { addressSchema as addressInputSchema } from '~/features/account/address.schema.ts';
import {
  paymentMethodsSchema,
  saveAddressSchema,
  saveOrderSchema,
  savePaymentSchema,
  saveShippingSchema,
  shippingRatesSchema,
  updateOrderSchema,
} from '~/features/checkout/checkout.schema.ts';
import {
  moveByoSchema,
  moveSizeSchema,
  wishlistAddByoSchema,
  wishlistAddSchema,
  wishlistClearSchema,
  wishlistPageSchema,
} from '~/features/wishlist/wishlist.schema.ts';
import { customerAnswerSchema, loginAnswerSchema, messageAnswerSchema, profileAnswerSchema, tokenAnswerSchema } from '~/server/accounts/accounts.answers.ts';
import { addressAnswerSchema, addressListAnswerSchema, savedAddressAnswerSchema } from '~/server/addresses/addresses.answers.ts';
import {
  checkoutAnswerSchema,
  orderAnswerSchema,
  paymentMethodsAnswerSchema,
  regionsAnswerSchema,
  saveAddressAnswerSchema,
  shippingRatesAnswerSchema,
} from '~/server/checkout/checkout.answers.ts';
import { statesRequestSchema } from '~/server/checkout/geo.ts';
import { orderDetailAnswerSchema, orderListAnswerSchema, paymentLinkAnswerSchema } from '~/server/orders/orders.answers.ts';
import { orderPageQuerySchema, paymentLinkRequestSchema } from '~/server/orders/orders.service.ts';
import { recordIdSchema } from '~/server/record-id.ts';
import { moveToCartAnswerSchema, wishlistChangeSchema, wishlistCountSchema, wishlistPageAnswerSchema } from '~/server/wishlist/wishlist.answers.ts';
import { wishlistPathIdSchema } from '~/server/wishlist/wishlist.http.ts';
import { importQuerySchema, importSummarySchema } from '~/server/feeds/import.answers.ts';
import {
  markPaidRequestSchema,
  refundRequestSchema,
  shipRequestSchema,
  staffOrderAnswerSchema,
  staffOrderPathSchema,
  staffInvoiceAnswerSchema,
} from '~/server/orders/staff.answers.ts';
import { mailListAnswerSchema, mailListQuerySchema, mailPathSchema, mailResendAnswerSchema } from '~/server/mail/mail.answers.ts';
import { holdAnswerSchema, staffHoldListAnswerSchema, staffHoldQuerySchema } from '~/server/holds/hold.answers.ts';
import { holdPathSchema } from '~/server/holds/hold-http.ts';
import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { newsletterEndpoints } from '~/server/newsletter/newsletter.endpoints.ts';
import { analyticsEndpoints } from '~/server/analytics/analytics.endpoints.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { paymentsEndpoints } from '~/server/payments/payments.endpoints.ts';
import { holdsEndpoints } from '~/server/holds/holds.endpoints.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { hintsEndpoints } from '~/server/hints/hints.endpoints.ts';
import { op, type Operation } from './operation.ts';

const idPath = z.object({ id: recordIdSchema });
const byoPath = z.object({ id: z.string().describe('The byo_id of a build-your-own pair') });

export const operations: Operation[] = [
  // Accounts
  op('post', '/api/customer/register', {
    tag: 'Accounts',
    summary: 'Create an account (the same answer whether or not the address has one)',
    body: registerSchema,
    answers: { 200: messageAnswerSchema },
    errors: [429],
  }),
  op('post', '/api/customer/login', {
    tag: 'Accounts',
    summary: 'Sign in: the bearer token, and the session cookie',
    query: loginQuerySchema,
    body: loginSchema,
    answers: { 200: loginAnswerSchema },
    errors: [401, 429],
  }),
  op('post', '/api/customer/logout', {
    tag: 'Accounts',
    access: 'guest',
    summary: 'End the session named by the bearer token or the cookie',
    answers: { 200: messageAnswerSchema },
  }),
  op('get', '/api/customer/get', { tag: 'Accounts', access: 'customer', summary: 'The signed-in customer', answers: { 200: customerAnswerSchema } }),
  op('put', '/api/customer/profile', {
    tag: 'Accounts',
    access: 'customer',
    summary: 'Save the profile (a new e-mail address needs current_password)',
    body: profileSchema,
    answers: { 200: profileAnswerSchema },
    errors: [429],
  }),
  op('post', '/api/customer/undo-email-change', {
    tag: 'Accounts',
    summary: "Undo an e-mail change with the old address's link: the address back, every session ended, a reset link mailed",
    body: undoEmailChangeSchema,
    answers: { 200: messageAnswerSchema },
    errors: [409],
  }),
  op('put', '/api/customer/change-password', {
    tag: 'Accounts',
    access: 'customer',
    summary: 'Change the password: signs out other sessions, answers a new token',
    body: changePasswordSchema,
    answers: { 200: tokenAnswerSchema },
    errors: [429],
  }),
  op('post', '/api/customer/forgot-password', {
    tag: 'Accounts',
    summary: 'Send a link to choose a new password (the same answer for any address)',
    body: forgotPasswordSchema,
    answers: { 200: messageAnswerSchema },
    errors: [429],
  }),
  op('post', '/api/customer/reset-password', {
    tag: 'Accounts',
    summary: 'Choose a new password with a reset or first-time-login token',
    body: resetPasswordSchema,
    answers: { 200: messageAnswerSchema },
  }),
  op('post', '/api/customer/verify-account', {
    tag: 'Accounts',
    access: 'guest',
    summary: 'Confirm the address with a token; without one, a signed-in customer gets a new link',
    body: verifyAccountSchema,
    answers: { 200: messageAnswerSchema },
    errors: [401, 429],
  }),
  // Addresses
  op('get', '/api/addresses', { tag: 'Addresses', access: 'customer', summary: "The customer's address book", answers: { 200: addressListAnswerSchema } }),
  op('post', '/api/addresses/create', {
    tag: 'Addresses',
    access: 'customer',
    summary: 'Add an address (the first becomes the default)',
    body: addressInputSchema,
    answers: { 201: savedAddressAnswerSchema },
  }),
  op('get', '/api/addresses/{id}', {
    tag: 'Addresses',
    access: 'customer',
    summary: 'One address',
    params: idPath,
    answers: { 200: addressAnswerSchema },
    errors: [404],
  }),
  op('put', '/api/addresses/{id}', {
    tag: 'Addresses',
    access: 'customer',
    summary: 'Edit an address',
    params: idPath,
    body: addressInputSchema,
    answers: { 200: savedAddressAnswerSchema },
    errors: [404],
  }),
  op('delete', '/api/addresses/{id}', {
    tag: 'Addresses',
    access: 'customer',
    summary: 'Delete an address (the oldest other becomes the default)',
    params: idPath,
    answers: { 200: messageAnswerSchema },
    errors: [404],
  }),
  op('post', '/api/addresses/{id}/default', {
    tag: 'Addresses',
    access: 'customer',
    summary: 'Make an address the default',
    params: idPath,
    answers: { 200: savedAddressAnswerSchema },
    errors: [404],
  }),
  // Orders
  op('get', '/api/orders', {
    tag: 'Orders',
    access: 'customer',
    summary: "A page of the customer's orders, newest first",
    query: orderPageQuerySchema,
    answers: { 200: orderListAnswerSchema },
  }),
  op('get', '/api/order/{id}', {
    tag: 'Orders',
    access: 'customer',
    summary: 'One order of the customer',
    params: idPath,
    answers: { 200: orderDetailAnswerSchema },
    errors: [404],
  }),
  op('post', '/api/orders/createOrderPaymentLink', {
    tag: 'Orders',
    access: 'customer',
    summary: 'The link that pays an unpaid order',
    body: paymentLinkRequestSchema,
    answers: { 200: paymentLinkAnswerSchema },
    errors: [404, 409],
  }),
  // Cart
  ...Object.values(cartEndpoints),
  // Checkout
  op('get', '/api/checkout/countries', { tag: 'Checkout', summary: 'Every country as { code, name }, by name', answers: { 200: regionsAnswerSchema } }),
  op('post', '/api/checkout/states', {
    tag: 'Checkout',
    summary: "A country's states (empty where it has none)",
    body: statesRequestSchema,
    answers: { 200: regionsAnswerSchema },
  }),
  op('post', '/api/checkout/save-address', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'Save the billing and shipping addresses: the cart and the shipping rates',
    body: saveAddressSchema,
    answers: { 200: saveAddressAnswerSchema },
    errors: [404, 409],
  }),
  op('post', '/api/checkout/get-shipping-rates', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'The shipping rates for an address (or the saved one); saves nothing',
    body: shippingRatesSchema,
    answers: { 200: shippingRatesAnswerSchema },
    errors: [404, 409],
  }),
  op('post', '/api/checkout/save-shipping', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'Choose a shipping rate',
    body: saveShippingSchema,
    answers: { 200: checkoutAnswerSchema },
    errors: [404, 409],
  }),
  op('post', '/api/checkout/get-payment-methods', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'The payment methods for this cart',
    body: paymentMethodsSchema,
    answers: { 200: paymentMethodsAnswerSchema },
    errors: [404, 409],
  }),
  op('post', '/api/checkout/save-payment', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'Choose a payment method',
    body: savePaymentSchema,
    answers: { 200: checkoutAnswerSchema },
    errors: [404, 409],
  }),
  op('post', '/api/checkout/save-order', {
    tag: 'Checkout',
    access: 'guest',
    summary: 'Place the order (idempotent per cart)',
    body: saveOrderSchema,
    answers: { 200: orderAnswerSchema },
    errors: [401, 404, 409, 422],
  }),
  op('post', '/api/checkout/update-order', {
    tag: 'Checkout',
    summary: 'Pay an unpaid order (by its id and token)',
    body: updateOrderSchema,
    answers: { 200: orderAnswerSchema },
    errors: [402, 404, 409],
  }),
  // Wishlist
  op('get', '/api/wishlist', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'A page of wishlist entries, newest first',
    query: wishlistPageSchema,
    answers: { 200: wishlistPageAnswerSchema },
  }),
  op('get', '/api/wishlist/count', { tag: 'Wishlist', access: 'guest', summary: 'How many entries the wishlist holds', answers: { 200: wishlistCountSchema } }),
  op('post', '/api/wishlist/add/{id}', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Add a product or a diamond',
    params: wishlistPathIdSchema,
    body: wishlistAddSchema,
    form: true,
    answers: { 200: wishlistChangeSchema, 201: wishlistChangeSchema },
    errors: [404, 409],
  }),
  op('post', '/api/wishlist/add-byo', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Add a build-your-own pair',
    body: wishlistAddByoSchema,
    form: true,
    answers: { 200: wishlistChangeSchema, 201: wishlistChangeSchema },
    errors: [404, 409],
  }),
  op('delete', '/api/wishlist/{id}', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Remove an entry',
    params: wishlistPathIdSchema,
    answers: { 200: wishlistChangeSchema },
    errors: [403, 404],
  }),
  op('delete', '/api/wishlist/remove-byo/{id}', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Remove a build-your-own pair',
    params: byoPath,
    answers: { 200: wishlistChangeSchema },
    errors: [403, 404],
  }),
  op('delete', '/api/wishlist/clear', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Remove the entries named, or all',
    body: wishlistClearSchema,
    answers: { 200: wishlistChangeSchema },
    errors: [403, 404],
  }),
  op('post', '/api/move-to-cart/{id}', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Move one entry to the cart',
    params: wishlistPathIdSchema,
    body: moveSizeSchema,
    answers: { 200: moveToCartAnswerSchema },
    errors: [403, 404, 409, 422],
  }),
  op('post', '/api/move-to-cart/all', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Move every entry that can be bought to the cart',
    answers: { 200: moveToCartAnswerSchema },
    errors: [409],
  }),
  op('post', '/api/wishlist/move-byo-to-cart', {
    tag: 'Wishlist',
    access: 'guest',
    summary: 'Move a build-your-own pair to the cart as one line',
    body: moveByoSchema,
    answers: { 200: moveToCartAnswerSchema },
    errors: [403, 404, 409, 422],
  }),
  // Appointments
  ...Object.values(appointmentsEndpoints),
  // Newsletter and analytics
  ...Object.values(newsletterEndpoints),
  ...Object.values(analyticsEndpoints),
  // Catalogue ({api} is /catalog)
  ...Object.values(catalogEndpoints),
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
  ...Object.values(paymentsEndpoints),
  // Diamond holds and alerts
  ...Object.values(holdsEndpoints),
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
  alertsEndpoints.list,
  alertsEndpoints.create,
  alertsEndpoints.delete,
  alertsEndpoints.deleteByForm,
  alertsEndpoints.unsubscribe,
  hintsEndpoints.drop,
  alertsEndpoints.oneClickUnsubscribe,
];
