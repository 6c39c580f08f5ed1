/**
 * Invoice and credit note numbers: INV-2026-000001 and CN-2026-000001, one gap-free sequence
 * per kind and calendar year (UTC, on the shop's clock). A number is taken inside the transaction that
 * records the payment (or the refund): the sequence row's UPDATE is the lock, so two payments at once
 * wait for each other and get consecutive numbers, and a transaction that rolls back gives its number
 * back with everything else. An order gets one invoice number, a refund one credit note number.
 */
import type { Db } from '~/server/db/database.ts';
import { nowIso } from '~/server/config/clock.ts';

export type DocumentKind = 'invoice' | 'credit_note';
const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };

export const formatDocumentNumber = (kind: DocumentKind, year: number, n: number) => `${PREFIX[kind]}-${year}-${String(n).padStart(6, '0')}`;

/** The next number of `kind` in `year`; only inside a write transaction. */
export async function nextNumber(trx: Db, kind: DocumentKind, year: number): Promise<number> {
  await trx
    .insertInto('document_sequences')
    .values({ kind, year, last_number: 0 })
    .onConflict((oc) => oc.columns(['kind', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_sequences')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('kind', '=', kind)
    .where('year', '=', year)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * Gives a row the next number of this kind for the current year: `write` sets it (and the time) where the
 * row has none yet. Another transaction numbering the row meanwhile is an error: ours rolls back, its
 * number with it (no gap).
 */
async function numberOnce(
  trx: Db,
  kind: DocumentKind,
  write: (number: string, at: string) => Promise<{ numUpdatedRows: bigint }>,
  twice: string,
): Promise<string> {
  const at = nowIso();
  const year = Number(at.slice(0, 4));
  const number = formatDocumentNumber(kind, year, await nextNumber(trx, kind, year));
  if (Number((await write(number, at)).numUpdatedRows) !== 1) throw new Error(twice);
  return number;
}

/** Gives the order its invoice number, once (an order that has one keeps it). Inside the payment's transaction. */
export async function assignInvoiceNumber(trx: Db, orderId: number): Promise<string> {
  const current = await trx.selectFrom('orders').select('invoice_number').where('id', '=', orderId).executeTakeFirstOrThrow();
  if (current.invoice_number) return current.invoice_number;
  const unnumbered = trx.updateTable('orders').where('id', '=', orderId).where('invoice_number', 'is', null);
  const write = (number: string, at: string) => unnumbered.set({ invoice_number: number, invoiced_at: at }).executeTakeFirstOrThrow();
  return numberOnce(trx, 'invoice', write, `order ${orderId} was invoiced twice at once`);
}

/** Gives a refund its credit note number, once, when its order has an invoice. */
export async function assignCreditNoteNumber(trx: Db, refundId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('order_refunds')
    .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
    .select(['order_refunds.credit_note_number', 'orders.invoice_number'])
    .where('order_refunds.id', '=', refundId)
    .executeTakeFirst();
  if (!row || !row.invoice_number) return null;
  if (row.credit_note_number) return row.credit_note_number;
  const unnumbered = trx.updateTable('order_refunds').where('id', '=', refundId).where('credit_note_number', 'is', null);
  const write = (number: string, at: string) => unnumbered.set({ credit_note_number: number, credit_noted_at: at }).executeTakeFirstOrThrow();
  return numberOnce(trx, 'credit_note', write, `refund ${refundId} was numbered twice at once`);
}
