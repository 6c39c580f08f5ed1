/** Staff accounts and their sessions (migration 0025). */
import { countRows } from '~/server/db/count.ts';
import type { Db } from '~/server/db/database.ts';
import type { StaffAccountsTable, StaffRow } from '~/server/db/schema.ts';
import type { Updateable } from 'kysely';
import type { Role } from './roles.ts';
import { deleteSessionRow, insertSessionRow, touchSessionRow } from '~/server/accounts/session-rows.ts';

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff_accounts').selectAll().orderBy('email').execute();
}

/** Inserts an account; undefined when the e-mail address already has one. */
export async function insertStaff(db: Db, email: string, role: Role, passwordHash: string): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('staff_accounts')
    .values({
      email: email.trim().toLowerCase(),
      role,
      password_hash: passwordHash,
      totp_secret: null,
      totp_pending_secret: null,
      recovery_codes: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateStaff(db: Db, id: number, changes: Updateable<StaffAccountsTable>): Promise<void> {
  await db
    .updateTable('staff_accounts')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Takes a TOTP time step once: false when this step (or a later one) was already used. */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countOwners(db: Db): Promise<number> {
  return countRows(db.selectFrom('staff_accounts').where('role', '=', 'owner').where('disabled', '=', 0));
}

export async function insertStaffSession(db: Db, id: string, staffId: number, lifetimeMs: number): Promise<void> {
  await insertSessionRow(db, 'staff_sessions', { staff_id: staffId }, id, lifetimeMs, 0.05);
}

/** The session and its account, when the session is neither expired nor idle past `idleMs`, and the account is not disabled. */
export async function findLiveStaffSession(
  db: Db,
  id: string,
  idleMs: number,
): Promise<{ sessionId: string; lastSeenAt: string; staff: StaffRow } | undefined> {
  const now = Date.now();
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .selectAll('staff_accounts')
    .select(['staff_sessions.id as session_id', 'staff_sessions.last_seen_at as session_last_seen_at'])
    .where('staff_sessions.id', '=', id)
    .where('staff_sessions.expires_at', '>', new Date(now).toISOString())
    .where('staff_sessions.last_seen_at', '>', new Date(now - idleMs).toISOString())
    .where('staff_accounts.disabled', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_seen_at, ...staff } = row;
  return { sessionId: session_id, lastSeenAt: session_last_seen_at, staff };
}

export const touchStaffSession = (db: Db, id: string) => touchSessionRow(db, 'staff_sessions', id);

export const deleteStaffSession = (db: Db, id: string) => deleteSessionRow(db, 'staff_sessions', id);

export async function deleteStaffSessionsOf(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('shop_settings').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

export async function writeSetting(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('shop_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
