/**
 * The first schema. Migrations are frozen once landed: later changes go in new files.
 * Types are chosen to read back the same on SQLite and PostgreSQL (see schema.ts).
 */
import type { Kysely } from 'kysely';
import { idColumn } from '~/server/db/dialect.ts';

const FLOAT = 'double precision';

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const now = (c: any) => c.notNull();

  await db.schema
    .createTable('items')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('diamonds')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('items.id'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('shape', 'text', (c) => c.notNull())
    .addColumn('carat', FLOAT, (c) => c.notNull())
    .addColumn('cut', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('clarity', 'text', (c) => c.notNull())
    .addColumn('polish', 'text', (c) => c.notNull())
    .addColumn('symmetry', 'text', (c) => c.notNull())
    .addColumn('fluorescence', 'text', (c) => c.notNull())
    .addColumn('lab', 'text', (c) => c.notNull())
    .addColumn('certificate_number', 'text', (c) => c.notNull().unique())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('depth', FLOAT, (c) => c.notNull())
    .addColumn('table_pct', FLOAT, (c) => c.notNull())
    .addColumn('length_mm', FLOAT, (c) => c.notNull())
    .addColumn('width_mm', FLOAT, (c) => c.notNull())
    .addColumn('depth_mm', FLOAT, (c) => c.notNull())
    .addColumn('lw_ratio', FLOAT, (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  // Indexes for the common list queries are created after the seed's bulk load (see seed/), and here
  // only the one every list needs: available, visible stones by price.
  await db.schema.createIndex('diamonds_status_price').on('diamonds').columns(['status', 'is_hidden', 'price_cents']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', id)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('items.id'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_byo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_shapes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('carat_min', FLOAT)
    .addColumn('carat_max', FLOAT)
    .addColumn('has_ring_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();

  await db.schema
    .createTable('metals')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('swatch_type', 'text', (c) => c.notNull())
    .addColumn('swatch_value', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('metal_code', 'text', (c) => c.notNull().references('metals.code'))
    .addColumn('metal_position', 'integer', (c) => c.notNull())
    .addColumn('metal_show_in_products_list', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_carat_weight', FLOAT, (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('product_variants_product').on('product_variants').column('product_id').execute();

  await db.schema
    .createTable('product_attributes')
    .addColumn('id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_attributes_product').on('product_attributes').columns(['product_id', 'code']).execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('gender', 'text')
    .addColumn('phone', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', now)
    .addColumn('expires_at', 'text', now)
    .addColumn('last_seen_at', 'text', now)
    .execute();
  await db.schema.createIndex('sessions_customer').on('sessions').column('customer_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', now)
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'integer', id)
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', now)
    .execute();
  await db.schema.createIndex('rate_limit_hits_lookup').on('rate_limit_hits').columns(['bucket', 'key', 'at']).execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('default_address', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('addr_type', 'text')
    .addColumn('address_type', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('addresses_customer').on('addresses').column('customer_id').execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'integer', id)
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('coupon_code', 'text')
    .addColumn('store_credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing_address', 'text')
    .addColumn('shipping_address', 'text')
    .addColumn('instructions', 'text')
    .addColumn('shipping_rate_id', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('carts_customer').on('carts').columns(['customer_id', 'is_active']).execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'integer', id)
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id'))
    .addColumn('byo_id', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('selected_size', 'text')
    .addColumn('custom_size', 'text')
    .addColumn('selected_jewelry_shape', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await db.schema.createIndex('cart_items_cart').on('cart_items').column('cart_id').execute();

  await db.schema
    .createTable('wishlists')
    .addColumn('id', 'integer', id)
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', now)
    .execute();
  await db.schema.createIndex('wishlists_customer').on('wishlists').column('customer_id').execute();

  await db.schema
    .createTable('wishlist_items')
    .addColumn('id', 'integer', id)
    .addColumn('wishlist_id', 'integer', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id'))
    .addColumn('byo_id', 'text')
    .addColumn('selected_jewelry_shape', 'text')
    .addColumn('selected_size', 'text')
    .addColumn('created_at', 'text', now)
    .execute();
  await db.schema.createIndex('wishlist_items_wishlist').on('wishlist_items').column('wishlist_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('increment_id', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // One order per cart: a retried or double-clicked save-order finds the first one.
    .addColumn('cart_id', 'integer', (c) => c.notNull().unique().references('carts.id'))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('store_credit_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('shipping_method', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text')
    .addColumn('payment_token', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .execute();
  await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.id'))
    .addColumn('byo_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('qty_ordered', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('diamond_reservations')
    .addColumn('diamond_id', 'integer', (c) => c.primaryKey().references('diamonds.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('times_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'integer', id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .execute();
  await db.schema.createIndex('coupon_redemptions_coupon').on('coupon_redemptions').columns(['coupon_id', 'email']).execute();

  await db.schema
    .createTable('store_credit_ledger')
    .addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'text', now)
    .execute();
  await db.schema.createIndex('store_credit_ledger_customer').on('store_credit_ledger').column('customer_id').execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', now)
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', id)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', now)
    .execute();
}
