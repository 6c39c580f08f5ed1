import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { staffInvoiceOverHttp } from '~/server/invoices/invoice-http.ts';

/** GET /api/admin/orders/{id}/invoice: the order's invoice PDF, or with ?format=json what it says (admin token). */
export const GET = endpoint((context) => staffInvoiceOverHttp(context));

export const ALL = methodNotAllowed('GET');
