/** Customers table: Kysely only, rows in and out. */
import type { Db } from '~/server/db/database.ts';
import type { CustomerRow, CustomerUpdate } from '~/server/db/schema.ts';
import { isUniqueViolation } from '~/server/checkout/transaction.ts';

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCustomer(
  db: Db,
  values: { email: string; first_name: string; last_name: string; password_hash: string },
): Promise<number | undefined> {
  const now = new Date().toISOString();
  try {
    const row = await db
      .insertInto('customers')
      .values({ ...values, email: values.email.toLowerCase(), is_verified: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides, the loser is "already there".
    if (await findCustomerByEmail(db, values.email)) return undefined;
    throw error;
  }
}

export async function updateCustomer(db: Db, id: number, values: CustomerUpdate): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a customer from one e-mail address to another (unconfirmed until its owner follows the link),
 * only if the account still has `from`; false when it does not, or another account holds `to`.
 */
export async function changeEmail(db: Db, id: number, from: string, to: string, confirmed = false): Promise<boolean> {
  try {
    const result = await db
      .updateTable('customers')
      .set({ email: to.toLowerCase(), is_verified: confirmed ? 1 : 0, email_unconfirmed: confirmed ? 0 : 1, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('email', '=', from.toLowerCase())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
