/** Where the catalogue's and the back office's reads of products start: products joined with their category. */
import type { Db } from '~/server/db/database.ts';

export const productsWithCategory = (db: Db) => db.selectFrom('products').innerJoin('categories', 'categories.id', 'products.category_id');

/** The category's slug and name, as category_slug and category_name. */
export const CATEGORY_COLUMNS = ['categories.slug as category_slug', 'categories.name as category_name'] as const;
