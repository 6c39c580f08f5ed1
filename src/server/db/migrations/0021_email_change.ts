/**
 * Changing the e-mail address (accounts.service.ts updateProfile): the address a change sets is marked
 * `email_unconfirmed` until its owner follows the confirmation link, and no password-reset mail goes to
 * it meanwhile (a stolen session could otherwise change the address, then reset the password from it).
 * The old address gets a link that undoes the change: an `undo_email_change` token whose `detail` holds
 * the address to restore.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('email_unconfirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('auth_tokens').addColumn('detail', 'text').execute();
}
