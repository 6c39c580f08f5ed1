/** What the catalogue's and the back office's reads of products share: where they start, the category's columns, the conversions of their rows. */
import type { Db } from '~/server/db/database.ts';

/** Products joined with their category. */
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

/** A photograph row's variant and size as numbers (and its variant null when it shows every variant). */
export const photoNumbers = <R extends { variant_id: number | null; width: number; height: number }>(r: R) => ({
  ...r,
  variant_id: r.variant_id === null ? null : Number(r.variant_id),
  width: Number(r.width),
  height: Number(r.height),
});
