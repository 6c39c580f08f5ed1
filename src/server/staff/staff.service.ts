/**
 * Managing staff accounts: the CLI (`npm run staff -- …`) and the owners' /admin/staff screen call these,
 * each change written to the activity record. The last active owner can be neither disabled nor demoted,
 * so that a shop always has someone who can manage staff.
 */
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { hashPassword, verifyPassword } from '~/server/accounts/crypto.ts';
import { countOwners, deleteStaffSessionsOf, findStaffByEmail, findStaffById, insertStaff, listStaff, updateStaff, writeSetting } from './staff.repository.ts';
import { recordActivity, type ActivityEntry, type Actor } from './activity.ts';
import type { Role } from './roles.ts';
import { REQUIRE_TWO_FACTOR } from './staff-session.ts';
import { checkSecondFactor } from './sign-in.ts';
import { newRecoveryCodes, newTotpSecret, totpStep } from './two-factor.ts';
import { take, release, recordHit } from '~/server/security/rate-limit.ts';
import { accountFrom, limits } from '~/server/accounts/limits.ts';
import type { StaffRow } from '~/server/db/schema.ts';
import { getDb, type Db } from '~/server/db/database.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

const fieldError = (field: string, message: string, status = 400) => new HttpError(status, `${field}: ${message}`, 'validation_failed', { [field]: [message] });

async function byEmail(db: Db, email: string): Promise<StaffRow> {
  const row = await findStaffByEmail(db, email);
  if (!row) throw notFound(`No staff account for ${email.trim().toLowerCase()}`);
  return row;
}

/**
 * Writes a change to one account and its activity record in one transaction; answers the account as
 * it is after.
 */
async function changeAccount(
  db: Db,
  actor: Actor,
  row: StaffRow,
  entry: Omit<ActivityEntry, 'subjectType' | 'subjectId'>,
  write: (trx: Db) => Promise<void>,
): Promise<StaffRow> {
  await writeTransaction(db, async (trx) => {
    await write(trx);
    await recordActivity(actor, { ...entry, subjectType: 'staff', subjectId: row.email }, trx);
  });
  return (await findStaffById(db, row.id))!;
}

export async function addStaff(actor: Actor, email: string, role: Role, password: string): Promise<StaffRow> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  // The account and its activity record together; the id comes out of the transaction.
  const id = await writeTransaction(db, async (trx) => {
    const added = await insertStaff(trx, email, role, passwordHash);
    if (added === undefined) return undefined;
    const row = (await findStaffById(trx, added))!;
    await recordActivity(
      actor,
      { action: 'staff.add', subjectType: 'staff', subjectId: row.email, summary: `Added ${row.email} as ${role}`, after: { email: row.email, role } },
      trx,
    );
    return added;
  });
  if (id === undefined) throw fieldError('email', 'This e-mail address already has a staff account', 409);
  return (await findStaffById(db, id))!;
}

async function assertNotLastOwner(db: Db, row: StaffRow, what: string): Promise<void> {
  if (row.role === 'owner' && !row.disabled && (await countOwners(db)) <= 1) {
    throw new HttpError(409, `${row.email} is the only active owner and cannot be ${what}: make another owner first`, 'last_owner');
  }
}

export async function setDisabled(actor: Actor, email: string, disabled: boolean): Promise<StaffRow> {
  const db = await getDb();
  const row = await byEmail(db, email);
  if (disabled) await assertNotLastOwner(db, row, 'disabled');
  const entry = {
    action: disabled ? 'staff.disable' : 'staff.enable',
    summary: `${disabled ? 'Disabled' : 'Enabled'} ${row.email}`,
    before: { disabled: row.disabled === 1 },
    after: { disabled },
  };
  return changeAccount(db, actor, row, entry, async (trx) => {
    await updateStaff(trx, row.id, { disabled: disabled ? 1 : 0 });
    if (disabled) await deleteStaffSessionsOf(trx, row.id);
  });
}

export async function changeRole(actor: Actor, email: string, role: Role): Promise<StaffRow> {
  const db = await getDb();
  const row = await byEmail(db, email);
  if (row.role === role) return row;
  if (role !== 'owner') await assertNotLastOwner(db, row, 'given another role');
  const entry = { action: 'staff.role', summary: `Changed ${row.email} from ${row.role} to ${role}`, before: { role: row.role }, after: { role } };
  return changeAccount(db, actor, row, entry, (trx) => updateStaff(trx, row.id, { role }));
}

const TWO_FACTOR_OFF = { totp_secret: null, totp_pending_secret: null, recovery_codes: null, totp_last_step: null };

/**
 * A new password for an account (`npm run staff -- reset`), for someone locked out: two-factor is turned
 * off too (a lost phone is the usual reason), and every session of the account ends.
 */
export async function resetStaff(actor: Actor, email: string, password: string): Promise<StaffRow> {
  const db = await getDb();
  const row = await byEmail(db, email);
  const passwordHash = await hashPassword(password);
  const entry = {
    action: 'staff.reset',
    summary: `Reset the password of ${row.email}; two-factor sign-in is off until set up again`,
    before: { two_factor: row.totp_secret !== null },
    after: { two_factor: false },
  };
  return changeAccount(db, actor, row, entry, async (trx) => {
    await updateStaff(trx, row.id, { password_hash: passwordHash, ...TWO_FACTOR_OFF });
    await deleteStaffSessionsOf(trx, row.id);
  });
}

export async function setTwoFactorRequired(actor: Actor, required: boolean): Promise<void> {
  await writeTransaction(await getDb(), async (trx) => {
    await writeSetting(trx, REQUIRE_TWO_FACTOR, required ? '1' : '0');
    await recordActivity(
      actor,
      {
        action: 'settings.two_factor',
        subjectType: 'settings',
        subjectId: REQUIRE_TWO_FACTOR,
        summary: required ? 'Two-factor sign-in is now required for all staff' : 'Two-factor sign-in is no longer required',
        after: { required },
      },
      trx,
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// The staff member's own account (/admin/account)

/** Starts enrolment: a new secret, kept as pending until a code from it is confirmed. */
export async function startEnrolment(staffId: number): Promise<string> {
  const secret = newTotpSecret();
  await updateStaff(await getDb(), staffId, { totp_pending_secret: secret });
  return secret;
}

/** Confirms enrolment with a code from the pending secret: two-factor is on, and the recovery codes are answered once. */
export async function confirmEnrolment(actor: Actor, staffId: number, code: string): Promise<string[]> {
  const db = await getDb();
  const row = (await findStaffById(db, staffId))!;
  if (!row.totp_pending_secret) throw fieldError('code', 'Start the set-up again: scan the new QR code');
  const step = totpStep(row.totp_pending_secret, row.email, code);
  if (step === undefined) throw fieldError('code', 'That code is not right. Enter the code your app shows now');
  const { codes, hashes } = newRecoveryCodes();
  const changes = { totp_secret: row.totp_pending_secret, totp_pending_secret: null, recovery_codes: JSON.stringify(hashes), totp_last_step: step };
  const entry = { action: 'staff.two_factor_on', summary: 'Turned two-factor sign-in on', after: { two_factor: true } };
  await changeAccount(db, actor, row, entry, (trx) => updateStaff(trx, staffId, changes));
  return codes;
}

/** Turns two-factor off (with a current code); refused while an owner requires it. */
export async function turnOffTwoFactor(actor: Actor, staffId: number, code: string, required: boolean): Promise<void> {
  if (required) throw new HttpError(409, 'Two-factor sign-in is required for all staff: it cannot be turned off', 'two_factor_required');
  const db = await getDb();
  const row = (await findStaffById(db, staffId))!;
  if (!(await checkSecondFactor(db, row, code))) throw fieldError('code', 'That code is not right');
  const entry = { action: 'staff.two_factor_off', summary: 'Turned two-factor sign-in off', before: { two_factor: true }, after: { two_factor: false } };
  await changeAccount(db, actor, row, entry, (trx) => updateStaff(trx, staffId, TWO_FACTOR_OFF));
}

/** A staff member's own password change: the current one first (counted as a sign-in attempt). */
export async function changeOwnPassword(actor: Actor, staffId: number, current: string, next: string, address: string): Promise<void> {
  const db = await getDb();
  const row = (await findStaffById(db, staffId))!;
  const taken = await take([{ limit: limits.loginAccountAddress, key: accountFrom(`staff:${row.email}`, address) }]);
  if (!(await verifyPassword(current, row.password_hash))) {
    await recordHit(limits.loginAccount, `staff:${row.email}`);
    throw fieldError('current_password', 'The current password is incorrect');
  }
  await release(taken);
  const passwordHash = await hashPassword(next);
  await changeAccount(db, actor, row, { action: 'staff.password', summary: 'Changed their password' }, (trx) =>
    updateStaff(trx, staffId, { password_hash: passwordHash }),
  );
}

/** A staff account, for the staff pages (pages do not reach repositories). */
export async function staffAccount(id: number): Promise<StaffRow | undefined> {
  return findStaffById(await getDb(), id);
}

/** Every staff account, by e-mail address, for the staff pages. */
export async function staffAccounts(): Promise<StaffRow[]> {
  return listStaff(await getDb());
}
