/** The mail outbox: see MailOutboxTable in src/server/db/schema.ts and src/server/mail/outbox.ts. */
import type { Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('template', 'text')
    .addColumn('params', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The senders' question: the pending messages due now, oldest first.
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at', 'id']).execute();
}
