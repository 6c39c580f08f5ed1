/** Addresses table. Every query is scoped by customer_id: another customer's id simply finds nothing. */
import { getDb } from '~/server/db/database.ts';
import type { AddressesTable } from '~/server/db/schema.ts';
import type { Insertable, Selectable, Updateable } from 'kysely';

export type AddressRow = Selectable<AddressesTable>;
type AddressValues = Omit<Insertable<AddressesTable>, 'id' | 'customer_id' | 'created_at' | 'updated_at' | 'default_address'>;

export async function listAddresses(customerId: number): Promise<AddressRow[]> {
  const db = await getDb();
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('default_address', 'desc').orderBy('id', 'asc').execute();
}

export async function findAddress(customerId: number, id: number): Promise<AddressRow | undefined> {
  const db = await getDb();
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
}

export async function countAddresses(customerId: number): Promise<number> {
  const db = await getDb();
  const row = await db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(customerId: number, values: AddressValues): Promise<number> {
  const db = await getDb();
  const now = new Date().toISOString();
  const row = await db
    .insertInto('addresses')
    .values({ ...values, customer_id: customerId, default_address: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(customerId: number, id: number, values: Updateable<AddressesTable>): Promise<void> {
  const db = await getDb();
  await db.updateTable('addresses').set({ ...values, updated_at: new Date().toISOString() }).where('customer_id', '=', customerId).where('id', '=', id).execute();
}

export async function deleteAddress(customerId: number, id: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom('addresses').where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/** Exactly one default: this one on, every other one of the customer off, in one transaction. */
export async function setDefaultAddress(customerId: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('addresses').set({ default_address: 0 }).where('customer_id', '=', customerId).where('id', '!=', id).execute();
    await trx.updateTable('addresses').set({ default_address: 1 }).where('customer_id', '=', customerId).where('id', '=', id).execute();
  });
}
