/**
 * Appointments. A booking holds one seat of its slot: `appointment_seats` has the primary key
 * (slot_start, seat_no), with seat numbers 1..consultants, so the database itself refuses a seat taken
 * twice, whichever app server asks. Cancelling deletes the seat row, which frees the seat.
 */
import type { Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('attachment', 'text')
    .addColumn('video_url', 'text')
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('cancel_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('appointments_customer_start').on('appointments').columns(['customer_id', 'starts_at']).execute();

  await db.schema
    .createTable('appointment_seats')
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('seat_no', 'integer', (c) => c.notNull())
    .addColumn('appointment_id', 'integer', (c) => c.notNull().unique().references('appointments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('appointment_seats_pk', ['slot_start', 'seat_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointment_seats').execute();
  await db.schema.dropTable('appointments').execute();
}
