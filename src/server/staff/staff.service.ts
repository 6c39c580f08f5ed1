/**
 * Managing staff accounts: the CLI (`npm run staff -- …`) and the owners' /admin/staff screen call these,
 * each change written to the activity record. The last active owner can be neither disabled nor demoted,
 * so that a shop always has someone who can manage staff.
 */
import { HttpError, notFound } from '~/server/http.ts';
import { hashPassword, verifyPassword } from '~/server/accounts/crypto.ts';
import { countOwners, deleteStaffSessionsOf, findStaffByEmail, findStaffById, insertStaff, updateStaff, writeSetting } from './staff.repository.ts';
import { recordActivity, type Actor } from './activity.ts';
import type { Role } from './roles.ts';
import { REQUIRE_TWO_FACTOR } from './staff-session.ts';
import { checkSecondFactor } from './sign-in.ts';
import { newRecoveryCodes, newTotpSecret, totpStep } from './two-factor.ts';
import { take, release, recordHit } from '~/server/security/rate-limit.ts';
import { accountFrom, limits } from '~/server/accounts/limits.ts';
import type { StaffRow } from '~/server/db/schema.ts';

const fieldError = (field: string, message: string, status = 400) => new HttpError(status, `${field}: ${message}`, 'validation_failed', { [field]: [message] });

async function byEmail(email: string): Promise<StaffRow> {
  const row = await findStaffByEmail(email);
  if (!row) throw notFound(`No staff account for ${email.trim().toLowerCase()}`);
  return row;
}

export async function addStaff(actor: Actor, email: string, role: Role, password: string): Promise<StaffRow> {
  const id = await insertStaff(email, role, await hashPassword(password));
  if (id === undefined) throw fieldError('email', 'This e-mail address already has a staff account', 409);
  const row = (await findStaffById(id))!;
  await recordActivity(actor, {
    action: 'staff.add',
    subjectType: 'staff',
    subjectId: row.email,
    summary: `Added ${row.email} as ${role}`,
    after: { email: row.email, role },
  });
  return row;
}

async function assertNotLastOwner(row: StaffRow, what: string): Promise<void> {
  if (row.role === 'owner' && !row.disabled && (await countOwners()) <= 1) {
    throw new HttpError(409, `${row.email} is the only active owner and cannot be ${what}: make another owner first`, 'last_owner');
  }
}

export async function setDisabled(actor: Actor, email: string, disabled: boolean): Promise<StaffRow> {
  const row = await byEmail(email);
  if (disabled) await assertNotLastOwner(row, 'disabled');
  await updateStaff(row.id, { disabled: disabled ? 1 : 0 });
  if (disabled) await deleteStaffSessionsOf(row.id);
  await recordActivity(actor, {
    action: disabled ? 'staff.disable' : 'staff.enable',
    subjectType: 'staff',
    subjectId: row.email,
    summary: `${disabled ? 'Disabled' : 'Enabled'} ${row.email}`,
    before: { disabled: row.disabled === 1 },
    after: { disabled },
  });
  return (await findStaffById(row.id))!;
}

export async function changeRole(actor: Actor, email: string, role: Role): Promise<StaffRow> {
  const row = await byEmail(email);
  if (row.role === role) return row;
  if (role !== 'owner') await assertNotLastOwner(row, 'given another role');
  await updateStaff(row.id, { role });
  await recordActivity(actor, {
    action: 'staff.role',
    subjectType: 'staff',
    subjectId: row.email,
    summary: `Changed ${row.email} from ${row.role} to ${role}`,
    before: { role: row.role },
    after: { role },
  });
  return (await findStaffById(row.id))!;
}

/**
 * A new password for an account (`npm run staff -- reset`), for someone locked out: two-factor is turned
 * off too (a lost phone is the usual reason), and every session of the account ends.
 */
export async function resetStaff(actor: Actor, email: string, password: string): Promise<StaffRow> {
  const row = await byEmail(email);
  await updateStaff(row.id, {
    password_hash: await hashPassword(password),
    totp_secret: null,
    totp_pending_secret: null,
    recovery_codes: null,
    totp_last_step: null,
  });
  await deleteStaffSessionsOf(row.id);
  await recordActivity(actor, {
    action: 'staff.reset',
    subjectType: 'staff',
    subjectId: row.email,
    summary: `Reset the password of ${row.email}; two-factor sign-in is off until set up again`,
    before: { two_factor: row.totp_secret !== null },
    after: { two_factor: false },
  });
  return (await findStaffById(row.id))!;
}

export async function setTwoFactorRequired(actor: Actor, required: boolean): Promise<void> {
  await writeSetting(REQUIRE_TWO_FACTOR, required ? '1' : '0');
  await recordActivity(actor, {
    action: 'settings.two_factor',
    subjectType: 'settings',
    subjectId: REQUIRE_TWO_FACTOR,
    summary: required ? 'Two-factor sign-in is now required for all staff' : 'Two-factor sign-in is no longer required',
    after: { required },
  });
}

// ---------------------------------------------------------------------------------------------------
// The staff member's own account (/admin/account)

/** Starts enrolment: a new secret, kept as pending until a code from it is confirmed. */
export async function startEnrolment(staffId: number): Promise<string> {
  const secret = newTotpSecret();
  await updateStaff(staffId, { totp_pending_secret: secret });
  return secret;
}

/** Confirms enrolment with a code from the pending secret: two-factor is on, and the recovery codes are answered once. */
export async function confirmEnrolment(actor: Actor, staffId: number, code: string): Promise<string[]> {
  const row = (await findStaffById(staffId))!;
  if (!row.totp_pending_secret) throw fieldError('code', 'Start the set-up again: scan the new QR code');
  const step = totpStep(row.totp_pending_secret, row.email, code);
  if (step === undefined) throw fieldError('code', 'That code is not right. Enter the code your app shows now');
  const { codes, hashes } = newRecoveryCodes();
  await updateStaff(staffId, { totp_secret: row.totp_pending_secret, totp_pending_secret: null, recovery_codes: JSON.stringify(hashes), totp_last_step: step });
  await recordActivity(actor, {
    action: 'staff.two_factor_on',
    subjectType: 'staff',
    subjectId: row.email,
    summary: 'Turned two-factor sign-in on',
    after: { two_factor: true },
  });
  return codes;
}

/** Turns two-factor off (with a current code); refused while an owner requires it. */
export async function turnOffTwoFactor(actor: Actor, staffId: number, code: string, required: boolean): Promise<void> {
  if (required) throw new HttpError(409, 'Two-factor sign-in is required for all staff: it cannot be turned off', 'two_factor_required');
  const row = (await findStaffById(staffId))!;
  if (!(await checkSecondFactor(row, code))) throw fieldError('code', 'That code is not right');
  await updateStaff(staffId, { totp_secret: null, totp_pending_secret: null, recovery_codes: null, totp_last_step: null });
  await recordActivity(actor, {
    action: 'staff.two_factor_off',
    subjectType: 'staff',
    subjectId: row.email,
    summary: 'Turned two-factor sign-in off',
    before: { two_factor: true },
    after: { two_factor: false },
  });
}

/** A staff member's own password change: the current one first (counted as a sign-in attempt). */
export async function changeOwnPassword(actor: Actor, staffId: number, current: string, next: string, address: string): Promise<void> {
  const row = (await findStaffById(staffId))!;
  const taken = await take([{ limit: limits.loginAccountAddress, key: accountFrom(`staff:${row.email}`, address) }]);
  if (!(await verifyPassword(current, row.password_hash))) {
    await recordHit(limits.loginAccount, `staff:${row.email}`);
    throw fieldError('current_password', 'The current password is incorrect');
  }
  await release(taken);
  await updateStaff(staffId, { password_hash: await hashPassword(next) });
  await recordActivity(actor, { action: 'staff.password', subjectType: 'staff', subjectId: row.email, summary: 'Changed their password' });
}

/** What the staff pages read (pages do not reach repositories). */
export { findStaffById, listStaff } from './staff.repository.ts';
