/**
 * Staff sessions, apart from shoppers': their own cookie `aurelle_staff` (HttpOnly, SameSite=Strict, Secure
 * when the request came over HTTPS, also behind a trusted proxy), one row per sign-in named by the
 * SHA-256 of the token. A session idle for STAFF_IDLE_MINUTES (default 30) is over, and none lasts more
 * than 12 hours. Sign-out deletes the row; disabling an account or resetting its password deletes all of
 * its rows.
 */
import { env } from '~/server/config/env.ts';
import type { AstroCookies } from 'astro';
import { randomToken, sha256 } from '~/server/accounts/crypto.ts';
import { isHttps } from '~/server/security/headers.ts';
import type { StaffRow } from '~/server/db/schema.ts';
import { getDb } from '~/server/db/database.ts';
import { deleteStaffSession, findLiveStaffSession, insertStaffSession, readSetting, touchStaffSession } from './staff.repository.ts';
import type { Role } from './roles.ts';

export const STAFF_COOKIE = 'aurelle_staff';
export const STAFF_SESSION_MAX_MS = 12 * 3600_000;
/** last_seen_at is written at most this often: the idle time-out is exact to within it. */
const TOUCH_EVERY_MS = 30_000;

export function staffIdleMs(): number {
  return env('STAFF_IDLE_MINUTES') * 60_000;
}

/** The signed-in staff member as pages and guards see them: never the hashes or secrets. */
export interface Staff {
  id: number;
  email: string;
  role: Role;
  twoFactor: boolean;
  /** Two-factor is required for all staff (an owner's setting) and this account has not set it up. */
  mustEnrol: boolean;
}

export const REQUIRE_TWO_FACTOR = 'staff_require_two_factor';

export async function twoFactorRequired(): Promise<boolean> {
  return (await readSetting(await getDb(), REQUIRE_TWO_FACTOR)) === '1';
}

export async function toStaff(row: StaffRow): Promise<Staff> {
  const twoFactor = row.totp_secret !== null;
  return { id: row.id, email: row.email, role: row.role, twoFactor, mustEnrol: !twoFactor && (await twoFactorRequired()) };
}

interface Context {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

/** Fills locals.staff and locals.staffSessionId from the staff cookie (once per request). */
export async function loadStaff(context: Context): Promise<Staff | undefined> {
  if (context.locals.staffLoaded) return context.locals.staff;
  context.locals.staffLoaded = true;
  const token = context.cookies.get(STAFF_COOKIE)?.value;
  if (!token || token.length > 128) return undefined;
  const db = await getDb();
  const found = await findLiveStaffSession(db, sha256(token), staffIdleMs());
  if (!found) return undefined;
  if (Date.now() - Date.parse(found.lastSeenAt) > TOUCH_EVERY_MS) await touchStaffSession(db, found.sessionId);
  context.locals.staff = await toStaff(found.staff);
  context.locals.staffSessionId = found.sessionId;
  return context.locals.staff;
}

const overHttps = (context: Context) => isHttps(context.url, context.request.headers.get('x-forwarded-proto'));

export async function startStaffSession(context: Context, staffId: number): Promise<void> {
  const token = randomToken();
  await insertStaffSession(await getDb(), sha256(token), staffId, STAFF_SESSION_MAX_MS);
  context.cookies.set(STAFF_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: overHttps(context), path: '/', maxAge: STAFF_SESSION_MAX_MS / 1000 });
}

export async function endStaffSession(context: Context): Promise<void> {
  if (context.locals.staffSessionId) await deleteStaffSession(await getDb(), context.locals.staffSessionId);
  context.cookies.delete(STAFF_COOKIE, { path: '/' });
  context.locals.staff = undefined;
  context.locals.staffSessionId = undefined;
}
