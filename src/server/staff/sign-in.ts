/**
 * Staff sign-in at /admin/login: the shoppers' limits (security/rate-limit.ts, accounts/limits.ts), on keys
 * of their own (`staff:` + e-mail): 5 wrong attempts per account and client address per 15 minutes, the
 * address's cap (LOGIN_IP_LIMIT), and an account's failures from every address slowing its sign-in.
 * A wrong code counts as a wrong password. An unknown address, a wrong password and a disabled account
 * get the same answer after the same hashing work. With two-factor on, the password alone answers
 * 401 `code_required` and the form asks for the code (or a recovery code, which then is used up).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError } from '~/server/endpoint/http.ts';
import { recordHit, release, take, usage } from '~/server/security/rate-limit.ts';
import { accountFrom, limits, signInDelayMs } from '~/server/accounts/limits.ts';
import { DUMMY_HASH, verifyPassword } from '~/server/accounts/crypto.ts';
import { claimTotpStep, findStaffByEmail, updateStaff } from './staff.repository.ts';
import { startStaffSession, toStaff, type Staff } from './staff-session.ts';
import { hashRecovery, looksLikeRecoveryCode, totpStep } from './two-factor.ts';
import { recordActivity, type Actor } from './activity.ts';
import type { StaffSignIn } from './staff.schema.ts';
import type { StaffRow } from '~/server/db/schema.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import type { AstroCookies } from 'astro';

export const INVALID_STAFF_LOGIN = 'The e-mail address or password is incorrect.';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const CODE_WRONG = 'That code is not right. Enter the current code from your authenticator app, or an unused recovery code.';

const key = (email: string) => `staff:${email.toLowerCase()}`;

export const actorOf = (staff: Pick<Staff, 'id' | 'email' | 'role'>, address: string | null): Actor => ({
  kind: 'staff',
  email: staff.email,
  staffId: staff.id,
  role: staff.role,
  address,
});

/** Whether `code` is this account's current TOTP code (each step once) or one of its unused recovery codes (used up). */
export async function checkSecondFactor(db: Db, row: StaffRow, code: string): Promise<'totp' | 'recovery' | undefined> {
  if (!row.totp_secret) return undefined;
  const step = totpStep(row.totp_secret, row.email, code);
  if (step !== undefined) return (await claimTotpStep(db, row.id, step)) ? 'totp' : undefined;
  if (!looksLikeRecoveryCode(code)) return undefined;
  const hashes = JSON.parse(row.recovery_codes ?? '[]') as string[];
  const hash = hashRecovery(code);
  if (!hashes.includes(hash)) return undefined;
  await updateStaff(db, row.id, { recovery_codes: JSON.stringify(hashes.filter((h) => h !== hash)) });
  return 'recovery';
}

interface Context {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

export async function staffSignIn(context: Context, input: StaffSignIn, address: string): Promise<Staff> {
  const taken = await take([
    { limit: limits.loginAccountAddress, key: accountFrom(key(input.email), address) },
    { limit: limits.loginAddress, key: address },
  ]);
  const delay = signInDelayMs((await usage(limits.loginAccount, key(input.email))).count);
  if (delay) await sleep(delay);
  const db = await getDb();
  const row = await findStaffByEmail(db, input.email);
  const matches = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !matches || row.disabled) {
    await recordHit(limits.loginAccount, key(input.email));
    if (row)
      await recordActivity(actorOf(row, address), {
        action: 'staff.sign_in_failed',
        subjectType: 'staff',
        subjectId: row.email,
        summary: row.disabled ? 'Sign-in refused: the account is disabled' : 'Sign-in refused: wrong password',
      });
    throw new HttpError(401, INVALID_STAFF_LOGIN, 'invalid_credentials');
  }
  if (row.totp_secret) {
    if (!input.code) {
      // The password was right: this attempt does not count against the account.
      await release(taken);
      throw new HttpError(401, CODE_REQUIRED, 'code_required', { code: [CODE_REQUIRED] });
    }
    const factor = await checkSecondFactor(db, row, input.code);
    if (!factor) {
      await recordHit(limits.loginAccount, key(input.email));
      await recordActivity(actorOf(row, address), {
        action: 'staff.sign_in_failed',
        subjectType: 'staff',
        subjectId: row.email,
        summary: 'Sign-in refused: wrong two-factor code',
      });
      throw new HttpError(401, CODE_WRONG, 'code_incorrect', { code: [CODE_WRONG] });
    }
    if (factor === 'recovery')
      await recordActivity(actorOf(row, address), {
        action: 'staff.recovery_code_used',
        subjectType: 'staff',
        subjectId: row.email,
        summary: 'Signed in with a recovery code',
      });
  }
  await release(taken);
  await startStaffSession(context, row.id);
  await updateStaff(db, row.id, { last_sign_in_at: new Date().toISOString() });
  await recordActivity(actorOf(row, address), { action: 'staff.sign_in', subjectType: 'staff', subjectId: row.email, summary: 'Signed in' });
  const staff = await toStaff(row);
  context.locals.staff = staff;
  return staff;
}
