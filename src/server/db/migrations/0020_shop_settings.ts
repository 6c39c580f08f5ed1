/**
 * Settings the running shop keeps with its data (one row per name). The first is `demo`: '1' when the
 * database holds the demo shop (the seed writes it), which the page's shop configuration reports as
 * `app_demo` (src/server/shop/shop-mode.ts). A database the demo seed filled before this table existed
 * (every first start did so until now) is recognised by the seed's own coupon and first product and
 * marked as the demo it is; any other database is a real shop.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into shop_settings (name, value)
    select 'demo', '1'
    where exists (select 1 from coupons where code = 'WELCOME10') and exists (select 1 from products where sku = 'P-0001')`.execute(db);
}
