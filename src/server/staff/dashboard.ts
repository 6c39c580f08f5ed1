/** The dashboard's figures beyond orders: today's appointments, stones per feed source and each source's last import. */
import { getDb } from '~/server/db/database.ts';
import { shopMidnight } from '~/server/orders/back-office-orders.ts';
import { shopTimeZone } from './admin-format.ts';
import { bookedBetween } from '~/server/appointments/back-office-appointments.ts';

export async function todaysAppointments(now = new Date()) {
  const start = shopMidnight(now, shopTimeZone(), 'day');
  const end = new Date(start.getTime() + 36 * 3600_000);
  const rows = await bookedBetween(start, end);
  // 36 h covers a day that a clock change makes longer; keep the rows of the shop's date only.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone() }).format(now);
  return rows.filter((r) => new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone() }).format(new Date(r.starts_at)) === today);
}

export async function feedSources() {
  const db = await getDb();
  const [counts, imports] = await Promise.all([
    db
      .selectFrom('diamonds')
      .select(['source', 'status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['source', 'status'])
      .execute(),
    db
      .selectFrom('staff_activity')
      .select(['subject_id', 'summary', 'created_at', 'actor', 'action'])
      .where('action', 'in', ['stock.import', 'stock.import_failed'])
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
  ]);
  const sources = new Map<
    string,
    { source: string; available: number; reserved: number; sold: number; lastImport?: { at: string; summary: string; actor: string; failed: boolean } }
  >();
  for (const c of counts) {
    const entry = sources.get(c.source) ?? { source: c.source, available: 0, reserved: 0, sold: 0 };
    entry[c.status as 'available' | 'reserved' | 'sold'] = Number(c.n);
    sources.set(c.source, entry);
  }
  for (const i of imports) {
    const source = i.subject_id ?? 'default';
    const entry = sources.get(source) ?? { source, available: 0, reserved: 0, sold: 0 };
    entry.lastImport ??= { at: i.created_at, summary: i.summary, actor: i.actor, failed: i.action === 'stock.import_failed' };
    sources.set(source, entry);
  }
  return [...sources.values()].sort((a, b) => a.source.localeCompare(b.source));
}
