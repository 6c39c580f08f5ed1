/**
 * Coupons get a first day besides their last (the back office's /admin/coupons): `starts_at`, an
 * ISO instant (the start of the day in UTC, as `expires_at` is its end), null for a coupon valid at once.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('starts_at', 'text').execute();
}
