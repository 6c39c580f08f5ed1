/**
 * The metrics read at scrape time from this worker's state and the database (see metrics.ts): the diamond
 * index (per worker), the change log's lag, orders by status, the mail outbox, the database pool.
 * Registered once the app is ready (src/server/runtime/boot.ts). A database out of reach leaves its gauges out of
 * that scrape, and sets aurelle_database_up to 0, rather than failing the whole answer.
 */
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { poolUse } from '~/server/db/database.ts';
import { diamondIndexHealth, diamondSyncLag } from '~/server/diamonds/diamond-sync.ts';
import { gaugeOnScrape } from './metrics.ts';

const worker = String(process.pid);

/** A gauge of this worker (label `worker`), read at scrape time; none while `read` has no value. */
function perWorker(name: string, help: string, read: () => number | undefined): void {
  gaugeOnScrape(name, help, ['worker'], 'sum', (set) => {
    const value = read();
    if (value !== undefined) set({ worker }, value);
  });
}

export function registerAppMetrics(db: Db): void {
  perWorker('aurelle_diamond_index_stones', 'Stones listed in this worker’s diamond index', () => diamondIndexHealth()?.stones);
  perWorker(
    'aurelle_diamond_index_generation',
    'Generation of this worker’s diamond index (counts the changes it applied)',
    () => diamondIndexHealth()?.generation,
  );
  perWorker('aurelle_diamond_index_bytes', 'Memory held by this worker’s diamond index', () => diamondIndexHealth()?.bytes);
  perWorker('aurelle_change_log_lag_seconds', 'Seconds since this worker last read the diamonds’ change log to the end', () => diamondSyncLag()?.seconds);
  perWorker('aurelle_change_log_pending_stones', 'Changed stones this worker has yet to apply to its index', () => diamondSyncLag()?.pending);
  gaugeOnScrape('aurelle_database_up', 'Whether the database answered this scrape (1) or not (0)', [], 'max', async (set) => {
    set({}, (await answers(db)) ? 1 : 0);
  });
  gaugeOnScrape('aurelle_orders', 'Orders by status', ['status'], 'max', async (set) => {
    const rows = await quietly(() =>
      db
        .selectFrom('orders')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute(),
    );
    for (const r of rows ?? []) set({ status: r.status }, Number(r.n));
  });
  gaugeOnScrape(
    'aurelle_mail_outbox',
    'Messages in the mail outbox by status (pending: waiting or being retried; failed: gave up)',
    ['status'],
    'max',
    async (set) => {
      const rows = await quietly(() =>
        db
          .selectFrom('mail_outbox')
          .select(['status', sql<number>`count(*)`.as('n')])
          .where('status', 'in', ['pending', 'failed'])
          .groupBy('status')
          .execute(),
      );
      set({ status: 'pending' }, 0);
      set({ status: 'failed' }, 0);
      for (const r of rows ?? []) set({ status: r.status }, Number(r.n));
    },
  );
  gaugeOnScrape(
    'aurelle_db_pool_connections',
    'PostgreSQL pool connections of this worker: open, idle, and queries waiting for one',
    ['state', 'worker'],
    'sum',
    (set) => {
      const use = poolUse();
      if (!use) return;
      set({ state: 'open', worker }, use.total);
      set({ state: 'idle', worker }, use.idle);
      set({ state: 'waiting', worker }, use.waiting);
      set({ state: 'max', worker }, use.max);
    },
  );
}

async function answers(db: Db): Promise<boolean> {
  return (await quietly(() => sql`select 1`.execute(db))) !== undefined;
}

async function quietly<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}
