/**
 * Invoices and credit notes as the shopper and the staff get them:
 * - GET /api/order/{id}/invoice: the signed-in owner's invoice PDF; another customer's order, or one
 *   without an invoice yet (not paid), answers 404 like a missing order.
 * - GET /api/admin/orders/{id}/invoice (PDF, or JSON with ?format=json) and
 *   GET /api/admin/orders/{id}/credit-notes/{number} behind the admin token; `npm run orders -- invoice`.
 * - The "Payment received" e-mail carries the invoice as an attachment.
 */
import type { Db } from '~/server/db/database.ts';
import { notFound } from '~/server/endpoint/http.ts';
import type { OrderRow } from '~/server/orders/order.repository.ts';
import type { StoredMessage } from '~/server/mail/outbox.ts';
import { invoiceData, type InvoiceData } from './invoice-data.ts';
import { creditNotePdf, invoicePdf } from './invoice-pdf.ts';

export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'content-length': String(pdf.length),
    },
  });
}

export async function requireInvoice(db: Db, order: OrderRow | undefined): Promise<InvoiceData> {
  const data = order ? await invoiceData(db, order) : undefined;
  if (!data) throw notFound(order ? 'This order has no invoice yet: it is issued once the order is paid' : 'Order not found');
  return data;
}

export async function invoiceFile(db: Db, order: OrderRow | undefined): Promise<{ pdf: Buffer; filename: string; data: InvoiceData }> {
  const data = await requireInvoice(db, order);
  return { pdf: await invoicePdf(data), filename: `${data.number}.pdf`, data };
}

export async function creditNoteFile(db: Db, order: OrderRow | undefined, number: string): Promise<{ pdf: Buffer; filename: string }> {
  const data = await requireInvoice(db, order);
  const note = data.credit_notes.find((n) => n.number === number.trim().toUpperCase());
  if (!note) throw notFound(`Order ${data.order_number} has no credit note ${number}`);
  return { pdf: await creditNotePdf(data, note), filename: `${note.number}.pdf` };
}

/** The invoice as an e-mail attachment (base64, as the outbox keeps messages in JSON); none before it is issued. */
export async function invoiceAttachment(db: Db, order: OrderRow): Promise<NonNullable<StoredMessage['attachments']>> {
  const data = await invoiceData(db, order);
  if (!data) return [];
  return [{ filename: `${data.number}.pdf`, contentType: 'application/pdf', content: (await invoicePdf(data)).toString('base64'), encoding: 'base64' }];
}
