/** The invoice routes (thin pages in src/pages/api/ call these): the owner's PDF, the staff's PDF or JSON. */
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { invoicesEndpoints } from './invoices.endpoints.ts';
import { findOrder } from '~/server/orders/order.repository.ts';
import { parseOrderId } from '~/server/orders/orders.service.ts';
import { findOrderByReference } from '~/server/orders/order-holds.repository.ts';
import { creditNoteFile, invoiceFile, pdfResponse } from './invoices.service.ts';

export async function customerInvoice({ db, customer, context }: RouteInput<typeof invoicesEndpoints.customerInvoice>): Promise<Response> {
  const order = await findOrder(db, customer.id, parseOrderId(context.params.id));
  const { pdf, filename } = await invoiceFile(db, order);
  return pdfResponse(pdf, filename);
}

export async function staffInvoiceOverHttp({ db, params, query }: RouteInput<typeof invoicesEndpoints.staffInvoice>) {
  const { pdf, filename, data } = await invoiceFile(db, await findOrderByReference(db, params.id));
  return query.format === 'json' ? { data } : pdfResponse(pdf, filename);
}

export async function staffCreditNoteOverHttp({ db, params }: RouteInput<typeof invoicesEndpoints.creditNote>): Promise<Response> {
  const { pdf, filename } = await creditNoteFile(db, await findOrderByReference(db, params.id), params.number);
  return pdfResponse(pdf, filename);
}
