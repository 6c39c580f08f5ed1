/**
 * The back office: staff accounts apart from shoppers, their sessions, the activity record and
 * internal order notes. See StaffAccountsTable and the others in src/server/db/schema.ts and src/server/staff/.
 *
 * The activity record is append-only: triggers refuse any UPDATE or DELETE of its rows on both databases,
 * so not even a staff member with database access through the app can rewrite what was done.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite } from '~/server/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('recovery_codes', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await db.schema
    .createTable('staff_activity')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('staff_id', 'integer')
    .addColumn('actor', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(32)')
    .addColumn('subject_id', 'varchar(128)')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('address', 'varchar(64)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_activity_subject').on('staff_activity').columns(['subject_type', 'subject_id', 'id']).execute();
  await db.schema.createIndex('staff_activity_actor').on('staff_activity').columns(['actor', 'id']).execute();
  if (isSqlite(db)) {
    await sql`create trigger staff_activity_no_update before update on staff_activity begin select raise(abort, 'staff_activity is append-only'); end`.execute(
      db,
    );
    await sql`create trigger staff_activity_no_delete before delete on staff_activity begin select raise(abort, 'staff_activity is append-only'); end`.execute(
      db,
    );
  } else {
    await sql`create or replace function staff_activity_append_only() returns trigger language plpgsql as $$
      begin raise exception 'staff_activity is append-only'; end $$`.execute(db);
    await sql`create trigger staff_activity_no_change before update or delete on staff_activity for each row execute function staff_activity_append_only()`.execute(
      db,
    );
  }
  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('author', 'varchar(254)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order').on('order_notes').columns(['order_id', 'id']).execute();
}
