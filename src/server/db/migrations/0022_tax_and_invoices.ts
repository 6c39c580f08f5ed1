/**
 * Tax and invoices.
 * - orders: the tax in total and on shipping, its name ("Sales tax", "VAT"), its rate in millionths
 *   (88750 = 8.875 %), whether it was included in the prices; the invoice number (INV-2026-000001) and
 *   when it was given. order_items: each line's tax. Orders before this migration have no tax (0).
 * - order_refunds: the tax a refund gives back, and its credit note number (CN-2026-000001).
 * - document_sequences: the last number given per kind ('invoice', 'credit_note') and year. A number is
 *   taken by an UPDATE of its row inside the transaction that records the payment or the refund, so
 *   numbers are gap-free: a rolled-back transaction gives its number back, and two transactions wait
 *   for each other on the row (PostgreSQL) or the write lock (SQLite).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('tax_label', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_rate_millionths', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_included', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('invoice_number', 'text').execute();
  await db.schema.alterTable('orders').addColumn('invoiced_at', 'text').execute();
  await sql`create unique index orders_invoice_number on orders (invoice_number) where invoice_number is not null`.execute(db);

  await db.schema
    .alterTable('order_items')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('order_refunds')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_refunds').addColumn('credit_note_number', 'text').execute();
  await db.schema.alterTable('order_refunds').addColumn('credit_noted_at', 'text').execute();
  await sql`create unique index order_refunds_credit_note on order_refunds (credit_note_number) where credit_note_number is not null`.execute(db);

  await db.schema
    .createTable('document_sequences')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_sequences_pk', ['kind', 'year'])
    .execute();
}
