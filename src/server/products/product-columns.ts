/** Where the catalogue's and the back office's reads of products start: products joined with their category. */
import type { Db } from '~/server/db/database.ts';

export const productsWithCategory = (db: Db) => db.selectFrom('products').innerJoin('categories', 'categories.id', 'products.category_id');

/** The category's slug and name, as category_slug and category_name. */
export const CATEGORY_COLUMNS = ['categories.slug as category_slug', 'categories.name as category_name'] as const;

/**
 * What every read of a product converts (PostgreSQL answers bigint and numeric columns as strings): the
 * design code, null for a product without one, and the id, status and price as numbers.
 */
export const productNumbers = <R extends { id: number; status: number; price_cents: number; design?: string | null }>(r: R) => ({
  ...r,
  design: r.design ?? null,
  id: Number(r.id),
  status: Number(r.status),
  price_cents: Number(r.price_cents),
});
