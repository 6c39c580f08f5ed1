/**
 * Holding a diamond. A signed-in shopper keeps an available stone for DIAMOND_HOLD_HOURS:
 * meanwhile nobody else can add it to a cart or order it (409 with the shopper's words); the holder
 * buys it as usual, and the order that takes it ends the hold.
 *
 * Atomic on both databases and across servers: a hold is written in ONE transaction that locks the
 * customer's row (their count of live holds), then the stone's row (an UPDATE that also requires it to
 * be available), then checks the stone's open hold and the customer's limits. Orders lock the stone's
 * row too (takeDiamond) before they look at its hold, so a hold and an order never both win. A partial
 * unique index (one open hold per stone) is the last guard. SQLite: BEGIN IMMEDIATE serialises writers.
 *
 * Holds end by themselves in the pass that expires unpaid orders (orders/order-lifecycle.ts): each due
 * hold is claimed with FOR UPDATE SKIP LOCKED and ended by a guarded update, its e-mail queued in the
 * same transaction under a dedupe key, so it ends (and is told) exactly once across servers.
 */
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { nowIso, nowMs } from '~/server/config/clock.ts';
import { isUniqueViolation, writeTransaction } from '~/server/checkout/transaction.ts';
import { lockCustomer } from '~/server/checkout/order-writer.repository.ts';
import { queueMail } from '~/server/mail/mailer.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import { HOLD_AGAIN_AFTER_MS, holdHours, holdsPerCustomer, onHoldWords, reminderHours, whenWords } from './hold-settings.ts';
import {
  claimDueHold,
  countLiveHolds,
  insertHold,
  lastHoldOn,
  liveHold,
  liveHolds,
  markEnded,
  markReminded,
  openHold,
  touchStone,
  type HoldRow,
} from './hold.repository.ts';
import { holdEndedMail, holdPlacedMail, holdReminderMail } from './hold-mail.ts';

export interface HoldView {
  id: number;
  diamond_id: number;
  diamond_name: string;
  url: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  end_reason: string | null;
  is_active: boolean;
}

const refuse = (status: number, message: string, code: string, field = 'diamond_id') => new HttpError(status, message, code, { [field]: [message] });

/** The words others read when a stone held for someone else is asked for. */
export const heldForOther = (hold: HoldRow, name = 'This diamond') =>
  new HttpError(409, `${name} is on hold for another client until ${whenWords(hold.expires_at)}. Ask us to tell you when it is back.`, 'on_hold', {
    ids: [`on hold until ${whenWords(hold.expires_at)}`],
  });

async function view(db: Db, rows: HoldRow[]): Promise<HoldView[]> {
  const ids = [...new Set(rows.map((r) => r.diamond_id))];
  const stones = ids.length ? await db.selectFrom('diamonds').select(['id', 'carat', 'shape', 'origin']).where('id', 'in', ids).execute() : [];
  const names = new Map(stones.map((s) => [Number(s.id), diamondName(s)]));
  const now = nowIso();
  return rows.map((r) => ({
    id: r.id,
    diamond_id: r.diamond_id,
    diamond_name: names.get(r.diamond_id) ?? `Diamond ${r.diamond_id}`,
    url: `/diamonds/${r.diamond_id}`,
    created_at: r.created_at,
    expires_at: r.expires_at,
    ended_at: r.ended_at,
    end_reason: r.end_reason,
    is_active: r.ended_at === null && r.expires_at > now,
  }));
}

/**
 * Ends an open hold (inside the caller's transaction): exactly once, whoever calls; the stone is marked
 * changed so that every server's index and page cache, and the back-in-stock watchers, learn of it.
 */
export async function endHold(trx: Db, hold: HoldRow, reason: string, now = nowIso()): Promise<boolean> {
  if (!(await markEnded(trx, hold.id, reason, now))) return false;
  await touchStone(trx, hold.diamond_id, now);
  if (reason === 'expired' || reason === 'staff' || reason === 'delisted') {
    await queueMail(trx, await holdEndedMail(trx, hold, reason), { dedupeKey: `hold:${hold.id}:ended` });
  }
  return true;
}

export async function placeHold(db: Db, customerId: number, diamondId: number): Promise<HoldView> {
  const { expireDueOrders, forgetNextDue } = await import('~/server/orders/order-lifecycle.ts');
  await expireDueOrders(db);
  let hold: HoldRow;
  try {
    hold = await writeTransaction(db, async (trx) => {
      const startMs = nowMs();
      const now = new Date(startMs).toISOString();
      await lockCustomer(trx, customerId);
      const locked = await trx
        .updateTable('diamonds')
        .set({ updated_at: now })
        .where('id', '=', diamondId)
        .where('status', '=', 'available')
        .where('is_hidden', '=', 0)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) !== 1) {
        const stone = await trx.selectFrom('diamonds').select(['status', 'is_hidden']).where('id', '=', diamondId).executeTakeFirst();
        if (!stone || Number(stone.is_hidden)) throw notFound(`No diamond has id ${diamondId}`);
        throw refuse(409, `This diamond is ${stone.status === 'sold' ? 'sold' : 'reserved by an order'} and cannot be held`, 'unavailable');
      }
      const open = await openHold(trx, diamondId);
      if (open && open.expires_at <= now) await endHold(trx, open, 'expired', now);
      else if (open?.customer_id === customerId) throw refuse(409, `You are already holding this diamond, until ${whenWords(open.expires_at)}`, 'already_held');
      else if (open) throw heldForOther(open);
      const limit = holdsPerCustomer();
      if ((await countLiveHolds(trx, customerId, now)) >= limit) {
        throw refuse(
          409,
          limit === 1
            ? 'You are already holding a diamond: release it first to hold another'
            : `You are already holding ${limit} diamonds, the most at once: release one first`,
          'hold_limit',
        );
      }
      const last = await lastHoldOn(trx, customerId, diamondId);
      const lastEnd = last ? Date.parse(last.ended_at ?? last.expires_at) : undefined;
      if (lastEnd !== undefined && startMs - lastEnd < HOLD_AGAIN_AFTER_MS) {
        throw refuse(
          409,
          `You held this diamond in the last day; you can hold it again from ${whenWords(new Date(lastEnd + HOLD_AGAIN_AFTER_MS).toISOString())}`,
          'hold_again_too_soon',
        );
      }
      const stone = await trx.selectFrom('diamonds').select('price_cents').where('id', '=', diamondId).executeTakeFirstOrThrow();
      const endMs = startMs + holdHours() * 3_600_000;
      const created = await insertHold(trx, {
        diamond_id: diamondId,
        customer_id: customerId,
        price_cents: Number(stone.price_cents),
        created_at: now,
        expires_at: new Date(endMs).toISOString(),
        remind_at: new Date(endMs - reminderHours() * 3_600_000).toISOString(),
      });
      await queueMail(trx, await holdPlacedMail(trx, created), { dedupeKey: `hold:${created.id}:placed` });
      return created;
    });
  } catch (error) {
    // Two holds raced past the checks on a database that let them (never expected): the index refused one.
    if (isUniqueViolation(error) && /diamond_holds/.test(String((error as Error).message) + String((error as { constraint?: string }).constraint))) {
      throw refuse(409, 'This diamond has just been put on hold by another client', 'on_hold');
    }
    throw error;
  }
  forgetNextDue();
  return (await view(db, [hold]))[0]!;
}

/** The shopper lets the stone go. */
export async function releaseHold(db: Db, customerId: number, diamondId: number): Promise<HoldView> {
  const ended = await writeTransaction(db, async (trx) => {
    const open = await openHold(trx, diamondId);
    if (!open || open.customer_id !== customerId) return undefined;
    await endHold(trx, open, 'released');
    return { ...open, ended_at: nowIso(), end_reason: 'released' };
  });
  if (!ended) throw refuse(404, 'You are not holding this diamond', 'not_held');
  return (await view(db, [ended]))[0]!;
}

/** The shopper's holds, live first, then the last ended ones. */
export async function customerHolds(db: Db, customerId: number): Promise<HoldView[]> {
  const rows = await db.selectFrom('diamond_holds').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').limit(50).execute();
  const views = await view(db, rows);
  return [...views.filter((v) => v.is_active), ...views.filter((v) => !v.is_active)];
}

/** The live hold of a stone, as its page shows it to everyone: "On hold until …". */
export async function holdLabel(db: Db, diamondId: number): Promise<{ until: string; label: string } | undefined> {
  const hold = await liveHold(db, diamondId, nowIso());
  return hold && { until: hold.expires_at, label: onHoldWords(hold.expires_at) };
}

/** The "On hold until …" label of each held stone among these (the compare view, the listing); absent: free. */
export async function holdLabels(db: Db, diamondIds: number[]): Promise<Map<number, string>> {
  const holds = await liveHolds(db, diamondIds, nowIso());
  return new Map(holds.map((h) => [h.diamond_id, onHoldWords(h.expires_at)]));
}

/** Cart add: a stone held for someone else (or for a guest, by anyone) is refused with 409. */
export async function refuseHeldStones(db: Db, diamondIds: number[], customerId: number | undefined): Promise<void> {
  const holds = await liveHolds(db, diamondIds, nowIso());
  const other = holds.find((h) => h.customer_id !== customerId);
  if (other) throw heldForOther(other);
}

/**
 * Placing an order (inside its transaction, after the stone's row is locked by takeDiamond): a stone
 * held for someone else refuses the order; the holder's own hold ends, bought.
 */
export async function takeHeldStone(trx: Db, diamondId: number, customerId: number | undefined, name: string): Promise<void> {
  const now = nowIso();
  const open = await openHold(trx, diamondId);
  if (!open) return;
  if (open.expires_at <= now) {
    await endHold(trx, open, 'expired', now);
    return;
  }
  if (open.customer_id !== customerId) throw heldForOther(open, `The ${name}`);
  await markEnded(trx, open.id, 'bought', now);
}

/** One pass over due holds: reminders, then ends; each in a transaction of its own. */
export async function runHoldPass(db: Db): Promise<number> {
  let ended = 0;
  for (let i = 0; i < 500; i++) {
    const done = await writeTransaction(db, async (trx) => {
      const now = nowIso();
      const hold = await claimDueHold(trx, 'reminder', now);
      if (!hold) return null;
      if (await markReminded(trx, hold.id, now)) await queueMail(trx, await holdReminderMail(trx, hold), { dedupeKey: `hold:${hold.id}:reminder` });
      return true;
    });
    if (done === null) break;
  }
  for (let i = 0; i < 500; i++) {
    const done = await writeTransaction(db, async (trx) => {
      const now = nowIso();
      const hold = await claimDueHold(trx, 'end', now);
      if (!hold) return null;
      return endHold(trx, hold, 'expired', now);
    });
    if (done === null) break;
    if (done) ended++;
  }
  return ended;
}

// Staff -------------------------------------------------------------------------------------------

export async function staffHolds(db: Db, all: boolean): Promise<(HoldView & { customer_email: string })[]> {
  let q = db
    .selectFrom('diamond_holds')
    .innerJoin('customers', 'customers.id', 'diamond_holds.customer_id')
    .selectAll('diamond_holds')
    .select('customers.email as customer_email')
    .orderBy('diamond_holds.id', 'desc')
    .limit(200);
  if (!all) q = q.where('diamond_holds.ended_at', 'is', null);
  const rows = await q.execute();
  const views = await view(db, rows);
  return views.map((v, i) => ({ ...v, customer_email: rows[i]!.customer_email }));
}

export async function staffRelease(db: Db, holdId: number): Promise<HoldView> {
  const ended = await writeTransaction(db, async (trx) => {
    const hold = await trx.selectFrom('diamond_holds').selectAll().where('id', '=', holdId).executeTakeFirst();
    if (!hold) throw notFound(`No hold has id ${holdId}`);
    if (!(await endHold(trx, hold, 'staff'))) throw refuse(409, 'This hold has already ended', 'hold_ended', 'id');
    return await trx.selectFrom('diamond_holds').selectAll().where('id', '=', holdId).executeTakeFirstOrThrow();
  });
  return (await view(db, [ended]))[0]!;
}
