import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { staffCreditNoteOverHttp } from '~/server/invoices/invoice-http.ts';

/** GET /api/admin/orders/{id}/credit-notes/{number}: a refund's credit note PDF (admin token). */
export const GET = endpoint((context) => staffCreditNoteOverHttp(context));

export const ALL = methodNotAllowed('GET');
