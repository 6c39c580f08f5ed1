import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { customerInvoice } from '~/server/invoices/invoice-http.ts';

/** GET /api/order/{id}/invoice: the owner's invoice PDF (404 for another customer's order, or before it is paid). */
export const GET = endpoint(async ({ locals, params }) => customerInvoice(requireCustomer(locals), params.id));

export const ALL = methodNotAllowed('GET');
