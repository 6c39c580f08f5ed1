/** The number of rows a query selects: countRows(db.selectFrom('orders').where('customer_id', '=', id)). */
import type { SelectQueryBuilder } from 'kysely';

export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // The count is the query's only column (a query with a selection of its own is not passed here).
  const row = (await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}
