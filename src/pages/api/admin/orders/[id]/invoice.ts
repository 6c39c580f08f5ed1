import { otherMethods, route } from '~/server/endpoint/route.ts';
import { staffInvoiceOverHttp } from '~/server/invoices/invoices.http.ts';
import { invoicesEndpoints } from '~/server/invoices/invoices.endpoints.ts';

/** The order's invoice PDF, or with ?format=json what it says. */
export const GET = route(invoicesEndpoints.staffInvoice, staffInvoiceOverHttp);

export const ALL = otherMethods(invoicesEndpoints.staffInvoice);
