/** Column references for Kysely's select, written once per table: columnsOf('products', ['id', 'sku']) is ['products.id', 'products.sku']. */
import type { Database } from './schema.ts';

export const columnsOf = <T extends keyof Database & string, C extends keyof Database[T] & string>(table: T, columns: readonly C[]): `${T}.${C}`[] =>
  columns.map((c) => `${table}.${c}` as `${T}.${C}`);
