/** Diamond holds in the database (Kysely only); see hold.service.ts for the rules. */
import { countRows } from '~/server/db/count.ts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import type { DiamondHoldsTable } from '~/server/db/schema.ts';

export type HoldRow = Selectable<DiamondHoldsTable>;

/** The holds not ended yet (some may have run out: the pass ends them). */
const openHolds = (db: Db) => db.selectFrom('diamond_holds').where('ended_at', 'is', null);

/** The update of one hold that is still open; false from `updatedOne` when another request or server ended it first. */
const updateOpenHold = (db: Db, id: number) => db.updateTable('diamond_holds').where('id', '=', id).where('ended_at', 'is', null);
const updatedOne = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

/** The live hold on a stone that has not run out at `now` (an expired one waits for the pass). */
export function liveHold(db: Db, diamondId: number, now: string): Promise<HoldRow | undefined> {
  return openHolds(db).selectAll().where('diamond_id', '=', diamondId).where('expires_at', '>', now).executeTakeFirst();
}

/** Live holds on any of these stones. */
export function liveHolds(db: Db, diamondIds: number[], now: string): Promise<HoldRow[]> {
  if (!diamondIds.length) return Promise.resolve([]);
  return openHolds(db).selectAll().where('diamond_id', 'in', diamondIds).where('expires_at', '>', now).execute();
}

/** The row that is live (not ended), even if it has run out: the unique index allows one. */
export function openHold(db: Db, diamondId: number): Promise<HoldRow | undefined> {
  return openHolds(db).selectAll().where('diamond_id', '=', diamondId).executeTakeFirst();
}

export async function countLiveHolds(db: Db, customerId: number, now: string): Promise<number> {
  return countRows(openHolds(db).where('customer_id', '=', customerId).where('expires_at', '>', now));
}

/** The customer's most recent hold on this stone. */
export function lastHoldOn(db: Db, customerId: number, diamondId: number): Promise<HoldRow | undefined> {
  return db
    .selectFrom('diamond_holds')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('diamond_id', '=', diamondId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertHold(db: Db, values: Omit<HoldRow, 'id' | 'reminded_at' | 'ended_at' | 'end_reason'>): Promise<HoldRow> {
  return db
    .insertInto('diamond_holds')
    .values({ ...values, reminded_at: null, ended_at: null, end_reason: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a hold that is still open; false when another request or server ended it first. */
export async function markEnded(db: Db, id: number, reason: string, now: string): Promise<boolean> {
  return updatedOne(await updateOpenHold(db, id).set({ ended_at: now, end_reason: reason }).executeTakeFirst());
}

export async function markReminded(db: Db, id: number, now: string): Promise<boolean> {
  return updatedOne(await updateOpenHold(db, id).set({ reminded_at: now }).where('reminded_at', 'is', null).executeTakeFirst());
}

/**
 * One open hold due for `what` (its end, or its reminder) that no other server is handling, locked for
 * this transaction (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: the transaction holds the write lock).
 */
export async function claimDueHold(db: Db, what: 'end' | 'reminder', now: string): Promise<HoldRow | undefined> {
  if (isSqlite(db)) {
    let q = openHolds(db).selectAll();
    q = what === 'end' ? q.where('expires_at', '<=', now) : q.where('reminded_at', 'is', null).where('remind_at', '<=', now).where('expires_at', '>', now);
    return q.orderBy('id').limit(1).executeTakeFirst();
  }
  const { rows } =
    what === 'end'
      ? await sql<HoldRow>`select * from diamond_holds where ended_at is null and expires_at <= ${now} order by expires_at, id limit 1 for update skip locked`.execute(
          db,
        )
      : await sql<HoldRow>`select * from diamond_holds where ended_at is null and reminded_at is null and remind_at <= ${now} and expires_at > ${now} order by remind_at, id limit 1 for update skip locked`.execute(
          db,
        );
  const row = rows[0];
  return row && { ...row, id: Number(row.id), diamond_id: Number(row.diamond_id), customer_id: Number(row.customer_id), price_cents: Number(row.price_cents) };
}

/** The earliest moment an open hold needs the pass (its reminder or its end); null when none. */
export async function nextHoldDueAt(db: Db): Promise<string | null> {
  const end = await openHolds(db)
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .executeTakeFirst();
  const remind = await openHolds(db)
    .select((eb) => eb.fn.min('remind_at').as('at'))
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  const times = [end?.at, remind?.at].filter((t): t is string => typeof t === 'string');
  return times.length ? times.sort()[0]! : null;
}

/** Marks the stone changed (its row's updated_at), so the change log tells every server and the alert pass. */
export async function touchStone(db: Db, diamondId: number, now: string): Promise<void> {
  await db.updateTable('diamonds').set({ updated_at: now }).where('id', '=', diamondId).execute();
}
