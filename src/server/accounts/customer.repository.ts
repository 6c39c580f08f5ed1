/** Customers table: Kysely only, rows in and out. */
import { getDb } from '~/server/db/database.ts';
import type { CustomerRow, CustomerUpdate } from '~/server/db/schema.ts';

export async function findCustomerByEmail(email: string): Promise<CustomerRow | undefined> {
  const db = await getDb();
  return db.selectFrom('customers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findCustomerById(id: number): Promise<CustomerRow | undefined> {
  const db = await getDb();
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCustomer(values: { email: string; first_name: string; last_name: string; password_hash: string }): Promise<number | undefined> {
  const db = await getDb();
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
    if (await findCustomerByEmail(values.email)) return undefined;
    throw error;
  }
}

export async function updateCustomer(id: number, values: CustomerUpdate): Promise<void> {
  const db = await getDb();
  await db.updateTable('customers').set({ ...values, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}
