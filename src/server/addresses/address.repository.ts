/** Addresses table. Every query is scoped by customer_id: another customer's id simply finds nothing. */
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { AddressesTable } from '~/server/db/schema.ts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { writeTransaction } from '~/server/checkout/transaction.ts';

export type AddressRow = Selectable<AddressesTable>;
type AddressValues = Omit<Insertable<AddressesTable>, 'id' | 'customer_id' | 'created_at' | 'updated_at' | 'default_address'>;

export async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('default_address', 'desc').orderBy('id', 'asc').execute();
}

export async function findAddress(db: Db, customerId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
}

/**
 * Adds an address unless the book already holds `max`, in one write transaction: the count, the insert and
 * the default (the first address, or when asked) together, so parallel creates neither pass the limit nor
 * leave the book without a default. PostgreSQL: the customer's row is the lock; SQLite: BEGIN IMMEDIATE.
 * undefined when the book is full.
 */
export async function insertAddress(
  db: Db,
  customerId: number,
  values: AddressValues,
  options: { max: number; makeDefault: boolean },
): Promise<number | undefined> {
  return writeTransaction(db, async (trx) => {
    if (!isSqlite(trx)) await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
    const { n } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= options.max) return undefined;
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('addresses')
      .values({ ...values, customer_id: customerId, default_address: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (Number(n) === 0 || options.makeDefault) await setDefaultAddress(trx, customerId, row.id);
    return row.id;
  });
}

export async function updateAddress(db: Db, customerId: number, id: number, values: Updateable<AddressesTable>): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .execute();
}

export async function deleteAddress(db: Db, customerId: number, id: number): Promise<void> {
  await db.deleteFrom('addresses').where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/** Exactly one default: this one on, every other one of the customer off (two writes: run it in a transaction). */
export async function setDefaultAddress(trx: Db, customerId: number, id: number): Promise<void> {
  await trx.updateTable('addresses').set({ default_address: 0 }).where('customer_id', '=', customerId).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ default_address: 1 }).where('customer_id', '=', customerId).where('id', '=', id).execute();
}
