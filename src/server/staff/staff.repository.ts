/** Staff accounts and their sessions (migration 0025). */
import { getDb } from '~/server/db/database.ts';
import type { StaffAccountsTable, StaffRow } from '~/server/db/schema.ts';
import type { Updateable } from 'kysely';
import type { Role } from './roles.ts';

export async function findStaffByEmail(email: string): Promise<StaffRow | undefined> {
  const db = await getDb();
  return db.selectFrom('staff_accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findStaffById(id: number): Promise<StaffRow | undefined> {
  const db = await getDb();
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listStaff(): Promise<StaffRow[]> {
  const db = await getDb();
  return db.selectFrom('staff_accounts').selectAll().orderBy('email').execute();
}

/** Inserts an account; undefined when the e-mail address already has one. */
export async function insertStaff(email: string, role: Role, passwordHash: string): Promise<number | undefined> {
  const db = await getDb();
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

export async function updateStaff(id: number, changes: Updateable<StaffAccountsTable>): Promise<void> {
  const db = await getDb();
  await db
    .updateTable('staff_accounts')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Takes a TOTP time step once: false when this step (or a later one) was already used. */
export async function claimTotpStep(id: number, step: number): Promise<boolean> {
  const db = await getDb();
  const r = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countOwners(): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom('staff_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaffSession(id: string, staffId: number, lifetimeMs: number): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  const iso = new Date(now).toISOString();
  await db
    .insertInto('staff_sessions')
    .values({ id, staff_id: staffId, created_at: iso, last_seen_at: iso, expires_at: new Date(now + lifetimeMs).toISOString() })
    .execute();
  if (Math.random() < 0.05) await db.deleteFrom('staff_sessions').where('expires_at', '<', iso).execute();
}

/** The session and its account, when the session is neither expired nor idle past `idleMs`, and the account is not disabled. */
export async function findLiveStaffSession(id: string, idleMs: number): Promise<{ sessionId: string; lastSeenAt: string; staff: StaffRow } | undefined> {
  const db = await getDb();
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

export async function touchStaffSession(id: string): Promise<void> {
  const db = await getDb();
  await db.updateTable('staff_sessions').set({ last_seen_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function deleteStaffSession(id: string): Promise<void> {
  const db = await getDb();
  await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
}

export async function deleteStaffSessionsOf(staffId: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

export async function readSetting(name: string): Promise<string | undefined> {
  const db = await getDb();
  return (await db.selectFrom('shop_settings').select('value').where('name', '=', name).executeTakeFirst())?.value;
}

export async function writeSetting(name: string, value: string): Promise<void> {
  const db = await getDb();
  await db
    .insertInto('shop_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
