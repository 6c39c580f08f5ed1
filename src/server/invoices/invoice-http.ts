/** The invoice routes (thin pages in src/pages/api/ call these): the owner's PDF, the staff's PDF or JSON. */
import type { APIContext } from 'astro';
import { getDb } from '~/server/db/database.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import type { Customer } from '~/server/accounts/session.ts';
import { findOrder } from '~/server/orders/order.repository.ts';
import { parseOrderId } from '~/server/orders/orders.service.ts';
import { findOrderByReference } from '~/server/orders/order-holds.repository.ts';
import { badRequest } from '~/server/http.ts';
import { creditNoteFile, invoiceFile, pdfResponse } from './invoices.service.ts';

export async function customerInvoice(customer: Customer, rawId: unknown): Promise<Response> {
  const db = await getDb();
  const order = await findOrder(db, customer.id, parseOrderId(rawId));
  const { pdf, filename } = await invoiceFile(db, order);
  return pdfResponse(pdf, filename);
}

export async function staffInvoiceOverHttp(context: APIContext): Promise<Response | { data: unknown }> {
  await requireAdmin(context);
  const format = context.url.searchParams.get('format') ?? 'pdf';
  if (format !== 'pdf' && format !== 'json') throw badRequest('format: must be pdf or json', { format: ['must be pdf or json'] });
  const db = await getDb();
  const { pdf, filename, data } = await invoiceFile(db, await findOrderByReference(db, context.params.id ?? ''));
  return format === 'json' ? { data } : pdfResponse(pdf, filename);
}

export async function staffCreditNoteOverHttp(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const db = await getDb();
  const { pdf, filename } = await creditNoteFile(db, await findOrderByReference(db, context.params.id ?? ''), context.params.number ?? '');
  return pdfResponse(pdf, filename);
}
