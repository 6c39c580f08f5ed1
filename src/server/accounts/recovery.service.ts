/**
 * Password recovery, first-time login (accounts made at guest checkout set their password) and e-mail
 * verification. Tokens are 256 random bits sent once by e-mail, stored as SHA-256, single use, and
 * valid for 60 minutes.
 */
import { HttpError } from '~/server/endpoint/http.ts';
import { consume, take } from '~/server/security/rate-limit.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import type { ResetPasswordInput } from '~/features/account/account.schema.ts';
import { hashPassword, randomToken, sha256 } from './crypto.ts';
import { changeEmail, findCustomerByEmail, findCustomerById, updateCustomer } from './customer.repository.ts';
import { findUsableToken, insertToken, retireTokens, spendToken, type TokenPurpose } from './auth-token.repository.ts';
import type { Customer } from './session.ts';
import { deleteSessionsOf } from './session.repository.ts';
import { getDb } from '~/server/db/database.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { limits } from './limits.ts';
import { firstTimeLoginMail, resetPasswordMail, verifyAccountMail } from './account-mail.ts';

export const TOKEN_LIFETIME_MS = 60 * 60_000;
/** How long the old address's link can undo an e-mail change: long enough to notice it after a holiday. */
export const UNDO_EMAIL_LIFETIME_MS = 14 * 24 * 3600_000;

/**
 * A fresh token for one purpose; older unused ones of that purpose stop working (only the newest link
 * counts), except undo links: each change's old address keeps its own, so a second change cannot take
 * the first address's way back.
 */
export async function issueToken(customerId: number, purpose: TokenPurpose, options: { detail?: string; lifetimeMs?: number } = {}): Promise<string> {
  const token = randomToken();
  // The new link replaces the older ones of its purpose in one transaction.
  await writeTransaction(await getDb(), async (trx) => {
    if (purpose !== 'undo_email_change') await retireTokens(trx, customerId, [purpose]);
    await insertToken(trx, customerId, purpose, sha256(token), options.lifetimeMs ?? TOKEN_LIFETIME_MS, options.detail ?? null);
  });
  return token;
}

export const FORGOT_MESSAGE = 'If an account exists for this e-mail address, we have sent it a link to choose a new password.';

/** Same answer, same work before answering, whether or not the address has an account. */
export async function forgotPassword(email: string, address: string): Promise<{ message: string }> {
  await take([
    { limit: limits.forgotAccount, key: email },
    { limit: limits.forgotAddress, key: address },
  ]);
  sendMailLater(async () => {
    const customer = await findCustomerByEmail(await getDb(), email);
    // An address set by an e-mail change gets no reset link until its owner has confirmed it.
    if (!customer || customer.email_unconfirmed) return undefined;
    // An account without a password (made at guest checkout) gets the first-time-login link instead.
    return customer.password_hash === null
      ? firstTimeLoginMail(customer, await issueToken(customer.id, 'first_time_login'))
      : resetPasswordMail(customer, await issueToken(customer.id, 'reset_password'));
  });
  return { message: FORGOT_MESSAGE };
}

/** For checkout: e-mails an account it created for a guest (no password) the link to set one. */
export function inviteToSetPassword(customer: { id: number; email: string; first_name: string }): void {
  sendMailLater(async () => firstTimeLoginMail(customer, await issueToken(customer.id, 'first_time_login')));
}

const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const invalidLink = () => new HttpError(400, INVALID_LINK, 'invalid_token', { token: [INVALID_LINK] });

/** Sets the password from a reset or first-time-login link; proves the address, so it also verifies it. */
export async function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  const db = await getDb();
  const found = await findUsableToken(db, sha256(input.token), ['reset_password', 'first_time_login']);
  const customer = found && (await findCustomerById(db, found.customer_id));
  if (!found || !customer || customer.email !== input.email) throw invalidLink();
  // Hash before spending the token: a failure in between must not burn the link.
  const passwordHash = await hashPassword(input.password);
  // The spent link, the new password, the retired links and the ended sessions: all of them or none.
  await writeTransaction(db, async (trx) => {
    if (!(await spendToken(trx, found.id))) throw invalidLink();
    await updateCustomer(trx, customer.id, { password_hash: passwordHash, is_verified: 1, email_unconfirmed: 0 });
    await retireTokens(trx, customer.id, ['reset_password', 'first_time_login']);
    await deleteSessionsOf(trx, customer.id);
  });
  return { message: 'Your password has been saved. You can now sign in with it.' };
}

export async function verifyAccount(token: string): Promise<{ message: string; customer_id: number }> {
  const db = await getDb();
  const found = await findUsableToken(db, sha256(token), ['verify_account']);
  if (!found) throw invalidLink();
  await writeTransaction(db, async (trx) => {
    if (!(await spendToken(trx, found.id))) throw invalidLink();
    await updateCustomer(trx, found.customer_id, { is_verified: 1, email_unconfirmed: 0 });
  });
  return { message: 'Thank you: your e-mail address is confirmed.', customer_id: found.customer_id };
}

/** A signed-in customer asks for the confirmation e-mail again. */
export async function resendVerification(customer: Customer): Promise<{ message: string }> {
  if (customer.is_verified) return { message: 'Your e-mail address is already confirmed.' };
  await consume(limits.verifyResend, String(customer.id));
  sendMailLater(async () => verifyAccountMail(customer, await issueToken(customer.id, 'verify_account')));
  return { message: `We have sent a confirmation link to ${customer.email}.` };
}

export const UNDO_MESSAGE =
  'Your e-mail address has been changed back. Every device has been signed out, and we have sent you a link to choose a new password.';

/**
 * Follows the old address's undo link: the account gets that address back (confirmed: the link proves
 * it), every session ends (the change may have come from a stolen session), later changes' undo links
 * and every other link stop working, and a link to choose a new password goes to the restored address.
 */
export async function undoEmailChange(token: string): Promise<{ message: string }> {
  const db = await getDb();
  const found = await findUsableToken(db, sha256(token), ['undo_email_change']);
  const customer = found?.detail ? await findCustomerById(db, found.customer_id) : undefined;
  if (!found?.detail || !customer) throw invalidLink();
  if (!(await spendToken(db, found.id))) throw invalidLink();
  const restored = customer.email === found.detail || (await changeEmail(db, customer.id, customer.email, found.detail, true));
  if (!restored) {
    throw new HttpError(409, 'This address now belongs to another account, so it cannot be restored. Please contact us.', 'email_taken', {
      token: ['This address now belongs to another account'],
    });
  }
  await writeTransaction(db, async (trx) => {
    await updateCustomer(trx, customer.id, { is_verified: 1, email_unconfirmed: 0 });
    await retireTokens(trx, customer.id, ['undo_email_change'], found.id);
    await retireTokens(trx, customer.id, ['verify_account', 'reset_password', 'first_time_login']);
    await deleteSessionsOf(trx, customer.id);
  });
  const to = { id: customer.id, email: found.detail, first_name: customer.first_name };
  sendMailLater(async () => resetPasswordMail(to, await issueToken(customer.id, 'reset_password')));
  return { message: UNDO_MESSAGE };
}
