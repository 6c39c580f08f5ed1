/**
 * The invoice and credit note as PDF (pdfkit, with its built-in Helvetica: nothing to bundle). Text only,
 * in reading order, so a PDF reader (pdftotext) gives back the numbers, lines, tax and totals.
 * Deterministic: the document's dates are the invoice's, so the same invoice is the same file.
 */
import PDFDocument from 'pdfkit';
import { formatCents } from '~/lib/money.ts';
import type { CreditNote, InvoiceData } from './invoice-data.ts';

/** Helvetica is WinAnsi: characters outside it are written as their nearest plain form. */
const plain = (s: string) =>
  s
    .replace(/[−–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function render(draw: (doc: PDFKit.PDFDocument) => void, title: string, date: string): Promise<Buffer> {
  const when = new Date(`${date}T00:00:00Z`);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, CreationDate: when, ModDate: when, Producer: 'Aurelle', Creator: 'Aurelle' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, data: InvoiceData, title: string, rows: Record<string, string>) {
  doc.font('Helvetica-Bold').fontSize(18).text(plain(data.seller.name));
  doc.font('Helvetica').fontSize(9);
  for (const line of data.seller.address) doc.text(plain(line));
  if (data.seller.tax_id) doc.text(plain(`Tax ID: ${data.seller.tax_id}`));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(10);
  for (const [label, value] of Object.entries(rows)) doc.text(plain(`${label}: ${value}`));
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica');
  for (const line of data.buyer) doc.text(plain(line));
  doc.moveDown();
}

function amountRow(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(plain(label), 50, y, { width: 340 });
  doc.text(plain(amount), 400, y, { width: 145, align: 'right' });
  doc.x = 50;
}

export function invoicePdf(data: InvoiceData): Promise<Buffer> {
  const title = `Invoice ${data.number}`;
  return render(
    (doc) => {
      header(doc, data, title, { 'Invoice number': data.number, 'Invoice date': data.date, 'Order number': data.order_number, 'Order date': data.order_date });
      doc.font('Helvetica-Bold').fontSize(10);
      amountRow(doc, 'Item', 'Amount', true);
      doc.moveDown(0.3);
      for (const line of data.lines) {
        amountRow(doc, `${line.name} (${line.sku})`, formatCents(line.total_cents));
        doc.fontSize(9).font('Helvetica');
        if (line.details.length) doc.text(plain(line.details.join(', ')), { width: 340 });
        doc.text(
          plain(
            `${line.quantity} x ${formatCents(line.unit_price_cents)}${data.tax ? `, ${data.tax.included ? 'incl.' : ''} tax ${formatCents(line.tax_cents)}` : ''}`.replace(
              ',  tax',
              ', tax',
            ),
          ),
          { width: 340 },
        );
        doc.fontSize(10).moveDown(0.4);
      }
      doc.moveDown(0.5);
      amountRow(doc, 'Subtotal', formatCents(data.subtotal_cents));
      if (data.discount_cents > 0) amountRow(doc, `Discount${data.coupon_code ? ` (${data.coupon_code})` : ''}`, `-${formatCents(data.discount_cents)}`);
      amountRow(doc, `Shipping${data.shipping_method ? ` (${data.shipping_method})` : ''}`, formatCents(data.shipping_cents));
      if (data.tax && !data.tax.included) amountRow(doc, data.tax.label, formatCents(data.tax.cents));
      if (data.store_credit_cents > 0) amountRow(doc, 'Store credit', `-${formatCents(data.store_credit_cents)}`);
      amountRow(doc, 'Total', formatCents(data.total_cents), true);
      if (data.tax?.included) amountRow(doc, data.tax.label, formatCents(data.tax.cents));
      if (data.tax && data.shipping_tax_cents > 0) amountRow(doc, 'of which tax on shipping', formatCents(data.shipping_tax_cents));
      doc.moveDown();
      doc.font('Helvetica').text(plain(`Paid: ${data.payment}`));
      for (const note of data.credit_notes)
        doc.text(plain(`Credit note ${note.number} (${note.date}): ${formatCents(note.amount_cents)}, of which tax ${formatCents(note.tax_cents)}`));
    },
    title,
    data.date,
  );
}

export function creditNotePdf(data: InvoiceData, note: CreditNote): Promise<Buffer> {
  const title = `Credit note ${note.number}`;
  return render(
    (doc) => {
      header(doc, data, title, { 'Credit note number': note.number, Date: note.date, 'Invoice number': data.number, 'Order number': data.order_number });
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(plain(`Reason: ${note.reason}`));
      doc.moveDown();
      amountRow(doc, 'Refunded', formatCents(note.amount_cents), true);
      amountRow(doc, data.tax ? `of which ${data.tax.label}` : 'of which tax', formatCents(note.tax_cents));
    },
    title,
    note.date,
  );
}
