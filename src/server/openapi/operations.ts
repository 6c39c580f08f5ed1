/**
 * The order in which the OpenAPI document lists the endpoints: each endpoint is declared once, in its area's
 * `*.endpoints.ts` (src/server/endpoint/define.ts), and takes its place here. A new route adds its
 * declaration here too (tests/api/openapi.test.ts fails until it does).
 */
import { accountsEndpoints } from '~/server/accounts/accounts.endpoints.ts';
import { addressesEndpoints } from '~/server/addresses/addresses.endpoints.ts';
import { alertsEndpoints } from '~/server/alerts/alerts.endpoints.ts';
import { analyticsEndpoints } from '~/server/analytics/analytics.endpoints.ts';
import { appointmentsEndpoints } from '~/server/appointments/appointments.endpoints.ts';
import { cartEndpoints } from '~/server/cart/cart.endpoints.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import type { EndpointSpec } from '~/server/endpoint/define.ts';
import { importEndpoints } from '~/server/feeds/import.endpoints.ts';
import { hintsEndpoints } from '~/server/hints/hints.endpoints.ts';
import { holdsEndpoints } from '~/server/holds/holds.endpoints.ts';
import { staffHoldsEndpoints } from '~/server/holds/staff-holds.endpoints.ts';
import { invoicesEndpoints } from '~/server/invoices/invoices.endpoints.ts';
import { mailEndpoints } from '~/server/mail/mail.endpoints.ts';
import { newsletterEndpoints } from '~/server/newsletter/newsletter.endpoints.ts';
import { ordersEndpoints } from '~/server/orders/orders.endpoints.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';
import { paymentsEndpoints } from '~/server/payments/payments.endpoints.ts';
import { productImportEndpoints } from '~/server/product-feed/product-import.endpoints.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';
import { wishlistEndpoints } from '~/server/wishlist/wishlist.endpoints.ts';

export const operations: EndpointSpec[] = [
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
  ...Object.values(appointmentsEndpoints),
  // Newsletter and analytics
  ...Object.values(newsletterEndpoints),
  ...Object.values(analyticsEndpoints),
  // Catalogue ({api} is /catalog)
  ...Object.values(catalogEndpoints),
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
  ...Object.values(paymentsEndpoints),
  // Diamond holds and alerts
  ...Object.values(holdsEndpoints),
  ...Object.values(staffHoldsEndpoints),
  alertsEndpoints.list,
  alertsEndpoints.create,
  alertsEndpoints.delete,
  alertsEndpoints.deleteByForm,
  alertsEndpoints.unsubscribe,
  hintsEndpoints.drop,
  alertsEndpoints.oneClickUnsubscribe,
];
