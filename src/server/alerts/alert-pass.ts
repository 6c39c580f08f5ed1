/**
 * The alert pass, run by every app server on a timer (ALERTS_INTERVAL_SECONDS, default 60):
 *
 * - It follows the diamond change log (catalog_changes: every insert, update and delete of a stone,
 *   logged by triggers, whoever wrote it: an import, staff, an order, a hold) from where the last pass
 *   left it (`alert_cursor`). For each changed stone that someone watches it compares the stone now with
 *   what each watcher was last told: a lower price e-mails the price-drop watchers (old and new price), a
 *   stone for sale again e-mails the back-in-stock watchers, a repriced or delisted held stone tells its
 *   holder. Since the comparison is with what was told, reading a change twice tells nothing twice; the
 *   pass re-reads a few hundred changes before the cursor, so a PostgreSQL transaction that committed
 *   after a later one is not missed.
 * - Pieces of jewellery have no change log (their prices are written by the product import, or by staff in
 *   the database): the pass reads, a page at a time, the variant price-drop alerts whose variant's price
 *   now differs from what the watcher was last told, on variants and products on sale. A lower price
 *   e-mails the watcher (old and new price); a higher one is remembered silently. A variant taken off sale
 *   is left as it was until it is back on sale (then a price lower than the one told is a drop).
 * - Then each saved search whose day has come gets its digest: at most 10 stones for sale that match it
 *   and were added since the last digest (none: no e-mail).
 *
 * Exactly once across servers: the pass takes the cursor row (FOR UPDATE SKIP LOCKED on PostgreSQL: a
 * server that finds it taken skips its turn; SQLite: BEGIN IMMEDIATE), every "told" is a guarded update
 * of the alert committed with its e-mail in the outbox, and each e-mail has a dedupe key.
 */
import { env } from '~/server/config/env.ts';
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { nowIso, nowMs } from '~/server/config/clock.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { queueMail } from '~/server/mail/mailer.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/server/db/outage.ts';
import { endHold } from '~/server/holds/holds.service.ts';
import { holdRepricedMail } from '~/server/holds/hold-mail.ts';
import type { DiamondFilters } from '~/features/diamonds/diamond-query.ts';
import { siteUrl } from '~/server/mail/mailer.ts';
import { newestStoneId, newMatches, repricedVariantAlerts, stoneAlerts, watchedVariants, type AlertRow } from './alert.repository.ts';
import { backInStockMail, digestMail, priceDropMail, variantPriceDropMail } from './alert-mail.ts';
import { DIGEST_EVERY_MS, forSale, type SavedSearch } from './alerts.service.ts';

const PAGE = 5_000;
const LOOKBACK = 500;
export const DIGEST_MAX = 10;

async function takeCursor(trx: Db): Promise<number | undefined> {
  if (isSqlite(trx)) return Number((await trx.selectFrom('alert_cursor').select('change_id').where('id', '=', 1).executeTakeFirst())?.change_id ?? 0);
  const { rows } = await sql<{ change_id: number }>`select change_id from alert_cursor where id = 1 for update skip locked`.execute(trx);
  return rows[0] ? Number(rows[0].change_id) : undefined;
}

/** What watchers of one changed stone are told. Answers how many e-mails were queued. */
async function tellWatchers(trx: Db, diamondId: number, alerts: AlertRow[], mark: number): Promise<number> {
  let told = 0;
  const stone = await trx.selectFrom('diamonds').selectAll().where('id', '=', diamondId).executeTakeFirst();
  // The holder of a repriced or delisted stone.
  const hold = await trx.selectFrom('diamond_holds').selectAll().where('diamond_id', '=', diamondId).where('ended_at', 'is', null).executeTakeFirst();
  if (hold) {
    if (!stone || Number(stone.is_hidden)) {
      if (await endHold(trx, hold, 'delisted')) told++;
    } else if (Number(stone.price_cents) !== hold.price_cents) {
      // Compare and set: another pass may have repriced the hold first.
      const atOldPrice = trx.updateTable('diamond_holds').where('id', '=', hold.id).where('price_cents', '=', hold.price_cents);
      const r = await atOldPrice.set({ price_cents: stone.price_cents }).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) {
        await queueMail(trx, await holdRepricedMail(trx, hold, hold.price_cents, stone.price_cents), {
          dedupeKey: `hold:${hold.id}:price:${mark}:${stone.price_cents}`,
        });
        told++;
      }
    }
  }
  if (!alerts.length) return told;
  const available = await forSale(trx, stone);
  for (const a of alerts) {
    if (a.kind === 'price_drop' && stone && a.last_price_cents !== null && Number(stone.price_cents) !== a.last_price_cents) {
      const atOldPrice = trx.updateTable('alerts').where('id', '=', a.id).where('last_price_cents', '=', a.last_price_cents);
      const r = await atOldPrice.set({ last_price_cents: stone.price_cents }).executeTakeFirst();
      // A rise is remembered silently: the next drop is told against the higher price.
      if (Number(r.numUpdatedRows) === 1 && stone.price_cents < a.last_price_cents && available) {
        await queueMail(trx, await priceDropMail(trx, a, stone, a.last_price_cents), { dedupeKey: `alert:${a.id}:drop:${mark}:${stone.price_cents}` });
        told++;
      }
    }
    if (a.kind === 'back_in_stock' && (a.last_available === 1) !== available) {
      const r = await trx
        .updateTable('alerts')
        .set({ last_available: available ? 1 : 0 })
        .where('id', '=', a.id)
        .where('last_available', '=', a.last_available ?? 0)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1 && available && stone) {
        await queueMail(trx, await backInStockMail(trx, a, stone), { dedupeKey: `alert:${a.id}:back:${mark}` });
        told++;
      }
    }
  }
  return told;
}

/** Follows the change log from the cursor; answers the e-mails queued (undefined: another server is on it). */
export async function runChangeAlerts(db: Db): Promise<number | undefined> {
  let told = 0;
  for (let page = 0; page < 40; page++) {
    const step = await writeTransaction(db, async (trx) => {
      const cursor = await takeCursor(trx);
      if (cursor === undefined) return undefined;
      const changes = await trx
        .selectFrom('catalog_changes')
        .select(['id', 'diamond_id'])
        .where('id', '>', Math.max(0, cursor - LOOKBACK))
        .orderBy('id')
        .limit(PAGE + LOOKBACK)
        .execute();
      const top = changes.reduce((m, c) => Math.max(m, Number(c.id)), cursor);
      const ids = [
        ...new Set(
          changes
            .map((c) => c.diamond_id)
            .filter((id): id is number => id !== null)
            .map(Number),
        ),
      ];
      const alerts = await stoneAlerts(trx, ids);
      const holds = ids.length
        ? await trx.selectFrom('diamond_holds').select('diamond_id').where('diamond_id', 'in', ids).where('ended_at', 'is', null).execute()
        : [];
      const watched = new Set([...alerts.map((a) => Number(a.diamond_id)), ...holds.map((h) => Number(h.diamond_id))]);
      let n = 0;
      for (const id of [...watched].sort((a, b) => a - b))
        n += await tellWatchers(
          trx,
          id,
          alerts.filter((a) => Number(a.diamond_id) === id),
          top,
        );
      if (top !== cursor) await trx.updateTable('alert_cursor').set({ change_id: top }).where('id', '=', 1).execute();
      return { n, more: changes.filter((c) => Number(c.id) > cursor).length >= PAGE };
    });
    if (!step) return page === 0 ? undefined : told;
    told += step.n;
    if (!step.more) break;
  }
  return told;
}

const VARIANT_PAGE = 500;

/**
 * Tells the watchers of pieces of jewellery whose price moved (see the top of this file); answers the
 * e-mails queued (undefined: another server is on it). Each page is one transaction under the cursor row,
 * and each "told" a guarded update of the alert committed with its e-mail.
 */
async function runVariantAlerts(db: Db): Promise<number | undefined> {
  let told = 0;
  let after = 0;
  for (let page = 0; page < 40; page++) {
    const step = await writeTransaction(db, async (trx) => {
      if ((await takeCursor(trx)) === undefined) return undefined;
      const rows = await repricedVariantAlerts(trx, after, VARIANT_PAGE);
      const variants = new Map((await watchedVariants(trx, [...new Set(rows.map((r) => Number(r.variant_id)))])).map((v) => [v.id, v]));
      let n = 0;
      for (const { price_now, product_updated_at, ...alert } of rows) {
        const now = Number(price_now);
        const was = Number(alert.last_price_cents);
        const r = await trx
          .updateTable('alerts')
          .set({ last_price_cents: now })
          .where('id', '=', alert.id)
          .where('last_price_cents', '=', was)
          .executeTakeFirst();
        const variant = variants.get(Number(alert.variant_id));
        // A rise is remembered silently: the next drop is told against the higher price.
        if (Number(r.numUpdatedRows) === 1 && now < was && variant?.on_sale) {
          await queueMail(trx, await variantPriceDropMail(trx, alert, { ...variant, price_cents: now }, was), {
            dedupeKey: `alert:${alert.id}:variant-drop:${product_updated_at}:${was}:${now}`,
          });
          n++;
        }
      }
      return { n, last: rows.length ? Number(rows[rows.length - 1]!.id) : after, more: rows.length === VARIANT_PAGE };
    });
    if (!step) return page === 0 ? undefined : told;
    told += step.n;
    after = step.last;
    if (!step.more) break;
  }
  return told;
}

/** Sends the saved searches' digests that are due; answers how many were sent. */
export async function runDigests(db: Db): Promise<number> {
  let sent = 0;
  for (let i = 0; i < 1_000; i++) {
    const done = await writeTransaction(db, async (trx) => {
      const now = nowIso();
      const alert = isSqlite(trx)
        ? await trx
            .selectFrom('alerts')
            .selectAll()
            .where('kind', '=', 'saved_search')
            .where('next_digest_at', '<=', now)
            .orderBy('next_digest_at')
            .limit(1)
            .executeTakeFirst()
        : (
            await sql<AlertRow>`select * from alerts where kind = 'saved_search' and next_digest_at <= ${now} order by next_digest_at limit 1 for update skip locked`.execute(
              trx,
            )
          ).rows[0];
      if (!alert) return null;
      const id = Number(alert.id);
      const search = JSON.parse(alert.filters ?? '{"filters":{}}') as SavedSearch;
      const newest = await newestStoneId(trx);
      const stones = await newMatches(trx, search.filters as DiamondFilters, Number(alert.last_stone_id ?? 0), newest, DIGEST_MAX);
      await trx
        .updateTable('alerts')
        .set({ last_digest_at: now, last_stone_id: newest, next_digest_at: new Date(nowMs() + DIGEST_EVERY_MS).toISOString() })
        .where('id', '=', id)
        .execute();
      if (!stones.length) return false;
      const url = `${siteUrl()}${alert.search_url ?? '/diamonds'}`;
      await queueMail(trx, await digestMail(trx, { ...alert, id }, stones, url), { dedupeKey: `alert:${id}:digest:${now}` });
      return true;
    });
    if (done === null) break;
    if (done) sent++;
  }
  return sent;
}

export async function runAlertPass(db: Db): Promise<{ told: number; digests: number }> {
  const told = ((await runChangeAlerts(db)) ?? 0) + ((await runVariantAlerts(db)) ?? 0);
  const digests = await runDigests(db);
  return { told, digests };
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function intervalMs(): number {
  return env('ALERTS_INTERVAL_SECONDS') * 1000;
}

/** Starts this server's alert timer (once); it never keeps the process alive. */
export function startAlertTimer(db: Db): void {
  if (timer) return;
  const tick = () => {
    running ??= runAlertPass(db)
      .catch((error) => (isDatabaseUnavailable(error) ? noteDatabaseUnavailable(error, 'alerts') : console.error('Alert pass failed:', error)))
      .finally(() => (running = undefined));
  };
  timer = setInterval(tick, intervalMs());
  timer.unref();
}
