/**
 * Sign-up, sign-in, profile and password change. Every answer that could tell whether an e-mail address
 * has an account is the same either way: sign-up answers identically and e-mails the address instead,
 * sign-in refuses an unknown address and a wrong password with one message after the same hashing work.
 */
import { HttpError } from '~/server/endpoint/http.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordHit, release, take, usage } from '~/server/security/rate-limit.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import type { ChangePasswordInput, LoginInput, ProfileInput, RegisterInput } from '~/features/account/account.schema.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './crypto.ts';
import { changeEmail, findCustomerByEmail, findCustomerById, insertCustomer, updateCustomer } from './customer.repository.ts';
import { startSession, toCustomer, type Customer, type RequestContext } from './session.ts';
import { deleteSessionsOf } from './session.repository.ts';
import { accountFrom, limits, signInDelayMs } from './limits.ts';
import { accountExistsMail, emailChangedMail, verifyAccountMail } from './account-mail.ts';
import { issueToken, UNDO_EMAIL_LIFETIME_MS } from './recovery.service.ts';
import type { CustomerJson } from './accounts.answers.ts';
import { retireTokens } from './auth-token.repository.ts';
import { getDb } from '~/server/db/database.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

/** The customer as the API shows it. */
export function customerJson(c: Customer): CustomerJson {
  return {
    id: c.id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    name: `${c.first_name} ${c.last_name}`.trim(),
    gender: c.gender,
    phone: c.phone,
    date_of_birth: c.date_of_birth,
    is_verified: c.is_verified === 1,
    created_at: c.created_at,
  };
}

export const REGISTER_MESSAGE = 'Thank you for registering. Please check your e-mail to confirm your address.';

/**
 * Sign-ups are counted per client address (REGISTER_IP_LIMIT an hour, default 10) and per e-mail
 * address (3 an hour), every attempt, known address or new, so the answer never tells them apart;
 * past either limit: 429 with Retry-After, before the costly hash.
 */
export async function register(input: RegisterInput, address: string): Promise<{ message: string }> {
  await take([
    { limit: limits.registerAddress, key: address },
    { limit: limits.registerEmail, key: input.email.toLowerCase() },
  ]);
  // Hash first, whatever happens next: a known address must take as long as a new one.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const id = await insertCustomer(db, { email: input.email, first_name: input.first_name, last_name: input.last_name, password_hash: passwordHash });
  if (id !== undefined) {
    const to = { email: input.email, first_name: input.first_name };
    sendMailLater(async () => verifyAccountMail(to, await issueToken(id, 'verify_account')));
  } else {
    // The address has an account: tell its owner by e-mail, never the caller.
    sendMailLater(async () => {
      const existing = await findCustomerByEmail(db, input.email);
      return existing ? accountExistsMail(existing, existing.password_hash !== null) : undefined;
    });
  }
  return { message: REGISTER_MESSAGE };
}

const INVALID_LOGIN = 'The e-mail address or password is incorrect.';

/**
 * Every attempt is counted before the password is checked (against the account from this address, and
 * this address), so parallel attempts cannot pass the limits; a sign-in that succeeds takes its count
 * back. The account's failures from every address only make its sign-in wait (signInDelayMs).
 */
export async function login(context: RequestContext, input: LoginInput, address: string): Promise<{ token: string; customer: Customer }> {
  const taken = await take([
    { limit: limits.loginAccountAddress, key: accountFrom(input.email, address) },
    { limit: limits.loginAddress, key: address },
  ]);
  const delay = signInDelayMs((await usage(limits.loginAccount, input.email)).count);
  if (delay) await sleep(delay);
  const db = await getDb();
  const row = await findCustomerByEmail(db, input.email);
  const matches = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !row.password_hash || !matches) {
    await recordHit(limits.loginAccount, input.email);
    throw new HttpError(401, INVALID_LOGIN, 'invalid_credentials');
  }
  await release(taken);
  const token = await startSession(context, row.id);
  return { token, customer: toCustomer(row) };
}

/**
 * Checks the current password of a signed-in customer (changing the e-mail address or the password), so
 * that a stolen session cannot take the account over. Counted like a sign-in from this address, before
 * the check; a right password takes its count back.
 */
async function assertCurrentPassword(customer: Customer, password: string | undefined, field: string, address: string): Promise<void> {
  if (!password) {
    throw new HttpError(400, `${field}: Enter your current password`, 'validation_failed', { [field]: ['Enter your current password'] });
  }
  const taken = await take([{ limit: limits.loginAccountAddress, key: accountFrom(customer.email, address) }]);
  const db = await getDb();
  const row = await findCustomerById(db, customer.id);
  const matches = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  if (!row?.password_hash || !matches) {
    await recordHit(limits.loginAccount, customer.email);
    throw new HttpError(400, `${field}: The current password is incorrect`, 'validation_failed', { [field]: ['The current password is incorrect'] });
  }
  await release(taken);
}

/**
 * Saves the profile. A new e-mail address needs the current password (`current_password`); it is
 * unconfirmed until its owner follows the link sent to it (and gets no password-reset mail until then),
 * and the old address is told, with a link that undoes the change.
 */
export async function updateProfile(customer: Customer, input: ProfileInput, address: string): Promise<Customer> {
  const emailChanged = input.email !== customer.email;
  if (emailChanged) await assertCurrentPassword(customer, input.current_password, 'current_password', address);
  const db = await getDb();
  if (emailChanged && (await findCustomerByEmail(db, input.email))) {
    throw new HttpError(400, 'email: This e-mail address cannot be used', 'validation_failed', { email: ['This e-mail address cannot be used'] });
  }
  await updateCustomer(db, customer.id, {
    first_name: input.first_name,
    last_name: input.last_name,
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.date_of_birth !== undefined ? { date_of_birth: input.date_of_birth } : {}),
  });
  if (emailChanged) {
    if (!(await changeEmail(db, customer.id, customer.email, input.email))) {
      throw new HttpError(400, 'email: This e-mail address cannot be used', 'validation_failed', { email: ['This e-mail address cannot be used'] });
    }
    // Links sent to the old address no longer apply; the new one must be confirmed before it can reset the password.
    await retireTokens(db, customer.id, ['verify_account', 'reset_password', 'first_time_login']);
    const undo = await issueToken(customer.id, 'undo_email_change', { detail: customer.email, lifetimeMs: UNDO_EMAIL_LIFETIME_MS });
    sendMailLater(async () => emailChangedMail({ email: customer.email, first_name: input.first_name }, input.email, undo));
    sendMailLater(async () => verifyAccountMail({ email: input.email, first_name: input.first_name }, await issueToken(customer.id, 'verify_account')));
  }
  const row = await findCustomerById(db, customer.id);
  return toCustomer(row!);
}

/**
 * A wrong current password counts as a failed login (same limit), so a stolen session cannot be used
 * to guess the password. Success ends every session of the customer, the caller's included, and opens
 * a new one for the caller: other devices and old tokens are signed out.
 */
export async function changePassword(context: RequestContext, customer: Customer, input: ChangePasswordInput, address: string): Promise<string> {
  await assertCurrentPassword(customer, input.old_password, 'old_password', address);
  const passwordHash = await hashPassword(input.new_password);
  // The new password, the retired reset links and the ended sessions: all of them or none.
  await writeTransaction(await getDb(), async (trx) => {
    await updateCustomer(trx, customer.id, { password_hash: passwordHash });
    await retireTokens(trx, customer.id, ['reset_password', 'first_time_login']);
    await deleteSessionsOf(trx, customer.id);
  });
  return startSession(context, customer.id);
}
