import { otherMethods, route } from '~/server/endpoint/route.ts';
import { staffCreditNoteOverHttp } from '~/server/invoices/invoices.http.ts';
import { invoicesEndpoints } from '~/server/invoices/invoices.endpoints.ts';

/** A refund's credit note PDF. */
export const GET = route(invoicesEndpoints.creditNote, staffCreditNoteOverHttp);

export const ALL = otherMethods(invoicesEndpoints.creditNote);
