/** The invoice routes (thin pages in src/pages/api/ call these): the owner's PDF, the staff's PDF or JSON. */
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { invoicesEndpoints } from './invoices.endpoints.ts';
import { findOrder } from '~/server/orders/order.repository.ts';
import { notFound } from '~/server/endpoint/http.ts';
import { findOrderByReference } from '~/server/orders/order-holds.repository.ts';
import { creditNoteFile, invoiceFile, pdfResponse } from './invoices.service.ts';

export async function customerInvoice({ db, customer, params }: RouteInput<typeof invoicesEndpoints.customerInvoice>): Promise<Response> {
  // Text that is no record id names no order of the caller's (recordPathSchema, src/server/endpoint/record-id.ts).
  if (params.id === undefined) throw notFound('Order not found');
  const order = await findOrder(db, customer.id, params.id);
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
