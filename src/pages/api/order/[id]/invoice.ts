import { otherMethods, route } from '~/server/endpoint/route.ts';
import { customerInvoice } from '~/server/invoices/invoices.http.ts';
import { invoicesEndpoints } from '~/server/invoices/invoices.endpoints.ts';

/** The owner's invoice PDF (404 for another customer's order, or before it is paid). */
export const GET = route(invoicesEndpoints.customerInvoice, customerInvoice);

export const ALL = otherMethods(invoicesEndpoints.customerInvoice);
