/** Orders and their lines, read for the customer who placed them (checkout writes them). */
import { countRows } from '~/server/db/count.ts';
import { columnsOf } from '~/server/db/columns.ts';
import { productDesign } from '~/server/products/product-design.ts';
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import type { OrdersTable } from '~/server/db/schema.ts';
import type { Selectable } from 'kysely';
import { nowMs } from '~/server/config/clock.ts';
import { paymentDueAt } from './payment-hold.ts';

export type OrderRow = Selectable<OrdersTable>;

export async function countOrders(db: Db, customerId: number): Promise<number> {
  return countRows(db.selectFrom('orders').where('customer_id', '=', customerId));
}

/** Newest first; id breaks ties between orders placed in the same millisecond. */
export async function listOrders(db: Db, customerId: number, limit: number, offset: number): Promise<(OrderRow & { items_count: number })[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select(sql<number>`coalesce(sum(order_items.qty_ordered), 0)`.as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('items_count'),
    )
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, items_count: Number(r.items_count ?? 0) }));
}

export async function findOrder(db: Db, customerId: number, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
}

/** Order lines with what the line-item card needs of the product (or diamond) today. */
export async function findOrderItems(db: Db, orderId: number) {
  const rows = await db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.item_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('product_variants', 'product_variants.id', 'order_items.variant_id')
    .leftJoin('diamonds', 'diamonds.id', 'order_items.item_id')
    .select([
      ...columnsOf('order_items', ['id', 'item_id', 'variant_id', 'byo_id', 'name', 'sku', 'qty_ordered', 'price_cents', 'options', 'tax_cents']),
      'products.id as product_id',
      'products.name as product_name',
      'products.sku as product_sku',
      'products.status as product_status',
      'products.style as product_style',
      'categories.slug as category_slug',
      'product_variants.metal_code as metal_code',
      'diamonds.id as diamond_id',
      'diamonds.shape as diamond_shape',
      'diamonds.status as diamond_status',
      'diamonds.length_mm as diamond_length',
      'diamonds.width_mm as diamond_width',
    ])
    .select((eb) => productDesign(eb).as('product_design'))
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  return rows;
}

export async function setPaymentToken(db: Db, customerId: number, id: number, token: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_token: token, updated_at: new Date().toISOString() })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('payment_token', 'is', null)
    .execute();
}

/** Shop setting payment_link_extends_hold: a new payment link starts the unpaid order's window again. */
export async function restartHold(db: Db, customerId: number, id: number, status: string): Promise<void> {
  const now = nowMs();
  await db
    .updateTable('orders')
    .set({ payment_due_at: paymentDueAt(status, now) })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('status', '=', status)
    .execute();
}
