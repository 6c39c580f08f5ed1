/**
 * The back office's order screens (/admin/orders and /admin/orders/{increment_id}): search, filters,
 * paging and the CSV export, and everything staff need to see of one order. The actions themselves are
 * the same services as the CLI and the admin API (order-lifecycle.ts), with the activity record.
 */
import { z } from 'zod';
import { sql } from 'kysely';
import { getDb, type Db } from '~/server/db/database.ts';
import { notFound } from '~/server/endpoint/http.ts';
import { listActivity } from '~/server/staff/activity.ts';
import { statusLabel } from './order-status.ts';
import { findOrderByReference } from './order-holds.repository.ts';
import { findOrderItems } from './order.repository.ts';
import { staffView } from './order-lifecycle.ts';
import type { OrderRow } from './order.repository.ts';

export const ORDER_STATUSES = ['pending', 'pending_payment', 'processing', 'shipped', 'completed', 'canceled'] as const;
export const PER_PAGE = 25;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-26')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const orderFilterSchema = z.object({
  q: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  status: z
    .enum(ORDER_STATUSES, { error: 'Choose a status from the list' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: day,
  to: day,
  page: z.coerce.number({ error: 'Use a page number' }).int('Use a page number').min(1, 'Use a page number').max(100_000).default(1),
});
export type OrderFilter = z.output<typeof orderFilterSchema>;

function filtered(db: Db, f: OrderFilter) {
  let q = db.selectFrom('orders');
  const text = f.q?.toLowerCase();
  if (text) {
    const like = `%${text.replace(/[%_\\]/g, '')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['increment_id']), '=', text),
        eb(eb.fn('lower', ['email']), 'like', like),
        eb(eb.fn('lower', ['billing_address']), 'like', like),
        eb(eb.fn('lower', ['shipping_address']), 'like', like),
      ]),
    );
  }
  if (f.status) q = q.where('status', '=', f.status);
  // Dates are the shop's days in UTC (the database keeps UTC); `to` includes its whole day.
  if (f.from) q = q.where('created_at', '>=', `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where('created_at', '<', new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000).toISOString());
  return q;
}

export interface OrderListRow {
  increment_id: string;
  created_at: string;
  email: string;
  name: string;
  status: string;
  status_label: string;
  payment_method: string;
  grand_total_cents: number;
  items: number;
}

const nameOf = (address: string) => {
  try {
    const a = JSON.parse(address) as { first_name?: string; last_name?: string };
    return `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim();
  } catch {
    return '';
  }
};

function toListRow(
  o: Pick<OrderRow, 'increment_id' | 'created_at' | 'email' | 'billing_address' | 'status' | 'cancel_reason' | 'payment_method' | 'grand_total_cents'> & {
    items: number | string | null;
  },
): OrderListRow {
  return {
    increment_id: o.increment_id,
    created_at: o.created_at,
    email: o.email,
    name: nameOf(o.billing_address),
    status: o.status,
    status_label: statusLabel(o.status, o.cancel_reason),
    payment_method: o.payment_method,
    grand_total_cents: o.grand_total_cents,
    items: Number(o.items ?? 0),
  };
}

const listColumns = [
  'orders.increment_id',
  'orders.created_at',
  'orders.email',
  'orders.billing_address',
  'orders.status',
  'orders.cancel_reason',
  'orders.payment_method',
  'orders.grand_total_cents',
] as const;

/** The filtered orders with the list's columns and their number of items, newest first. */
function listed(db: Db, f: OrderFilter) {
  return filtered(db, f)
    .select(listColumns)
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select((e) => e.fn.sum<number>('qty_ordered').as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('items'),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

export async function searchOrders(f: OrderFilter, perPage = PER_PAGE): Promise<{ rows: OrderListRow[]; total: number; pages: number }> {
  const db = await getDb();
  const [rows, count] = await Promise.all([
    listed(db, f)
      .limit(perPage)
      .offset((f.page - 1) * perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return { rows: rows.map(toListRow), total, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** The CSV export of the filtered list (every page, newest first, at most 50,000 rows). */
export async function ordersCsv(f: OrderFilter): Promise<string> {
  const db = await getDb();
  const rows = await listed(db, f).limit(50_000).execute();
  const lines = [
    ['order', 'placed_at', 'status', 'customer', 'email', 'items', 'payment_method', 'total'],
    ...rows
      .map(toListRow)
      .map((r) => [r.increment_id, r.created_at, r.status_label, r.name, r.email, String(r.items), r.payment_method, (r.grand_total_cents / 100).toFixed(2)]),
  ];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A CSV cell: quoted when needed, and a leading = + - @ made inert so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function findOrderForStaff(reference: string): Promise<OrderRow> {
  const db = await getDb();
  const order = await findOrderByReference(db, reference);
  if (!order) throw notFound('Order not found');
  return order;
}

export interface Address {
  first_name?: string;
  last_name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  phone?: string;
  email?: string;
}

const parseJson = <T>(text: string | null): T | undefined => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

/** Everything the order page shows. */
export async function orderDetail(reference: string) {
  const db = await getDb();
  const order = await findOrderForStaff(reference);
  const [items, view, sessions, notes, activity, mails] = await Promise.all([
    findOrderItems(db, order.id),
    staffView(db, order),
    db.selectFrom('payment_sessions').selectAll().where('order_id', '=', order.id).orderBy('created_at').execute(),
    db.selectFrom('order_notes').selectAll().where('order_id', '=', order.id).orderBy('id', 'desc').execute(),
    listActivity({ subjectType: 'order', subjectId: order.increment_id, perPage: 200 }),
    db
      .selectFrom('mail_outbox')
      .select(['id', 'template', 'subject', 'status', 'created_at', 'sent_at', 'recipient'])
      .where('recipient', '=', order.email)
      .where((eb) => eb.or([eb('dedupe_key', 'like', `order:${order.id}:%`), eb('subject', 'like', `%${order.increment_id}%`)]))
      .orderBy('id')
      .execute(),
  ]);
  const stoneIds = items.map((i) => i.diamond_id).filter((id): id is number => typeof id === 'number');
  const stones = stoneIds.length
    ? await db.selectFrom('diamonds').select(['id', 'carat', 'lab', 'certificate_number']).where('id', 'in', stoneIds).execute()
    : [];
  return {
    order,
    view,
    items: items.map((i) => {
      const options = parseJson<{ choices?: string[] }>(i.options) ?? {};
      const stone = stones.find((d) => d.id === i.diamond_id);
      return {
        ...i,
        choices: Array.isArray(options.choices) ? options.choices : [],
        stone: stone ? { carat: Number(stone.carat), lab: stone.lab, certificate: stone.certificate_number } : undefined,
      };
    }),
    billing: parseJson<Address>(order.billing_address) ?? {},
    shipping: parseJson<Address>(order.shipping_address) ?? {},
    sessions,
    notes,
    activity: activity.rows,
    mails,
  };
}

export async function addOrderNote(orderId: number, author: string, body: string): Promise<void> {
  const db = await getDb();
  await db.insertInto('order_notes').values({ order_id: orderId, author, body, created_at: new Date().toISOString() }).execute();
}

export const noteSchema = z.object({ note: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(4000, 'Use at most 4000 characters') });

/** Sales (paid orders, by when they were paid) since a moment, and counts of what needs action. */
export async function dashboardFigures(now = new Date(), timeZone = 'UTC') {
  const db = await getDb();
  const startOf = (unit: 'day' | 'week' | 'month') => shopMidnight(now, timeZone, unit);
  const sales = async (since: Date) => {
    const r = await db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('grand_total_cents').as('cents')])
      .where('paid_at', '>=', since.toISOString())
      .where('status', 'in', ['processing', 'shipped', 'completed'])
      .executeTakeFirstOrThrow();
    return { orders: Number(r.n), cents: Number(r.cents ?? 0) };
  };
  const count = async (statuses: string[]) =>
    Number(
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', statuses)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const soon = new Date(now.getTime() + 24 * 3600_000).toISOString();
  const expiring = await db
    .selectFrom('orders')
    .select(['increment_id', 'email', 'grand_total_cents', 'payment_due_at', 'status', 'cancel_reason', 'created_at', 'billing_address', 'payment_method'])
    .select(sql<number>`0`.as('items'))
    .where('status', 'in', ['pending', 'pending_payment'])
    .where('payment_due_at', 'is not', null)
    .where('payment_due_at', '<=', soon)
    .orderBy('payment_due_at')
    .limit(10)
    .execute();
  return {
    today: await sales(startOf('day')),
    week: await sales(startOf('week')),
    month: await sales(startOf('month')),
    waitingPayment: await count(['pending', 'pending_payment']),
    toShip: await count(['processing']),
    expiring: expiring.map((o) => ({ ...toListRow(o), payment_due_at: o.payment_due_at! })),
  };
}

/** The start of the shop's day, week (Monday) or month containing `now`, in the shop's time zone. */
export function shopMidnight(now: Date, timeZone: string, unit: 'day' | 'week' | 'month'): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = local - Math.floor(now.getTime() / 1000) * 1000;
  let y = Number(parts.year);
  let m = Number(parts.month) - 1;
  let d = Number(parts.day);
  if (unit === 'month') d = 1;
  if (unit === 'week') d -= (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 7) % 7;
  return new Date(Date.UTC(y, m, d) - offset);
}
