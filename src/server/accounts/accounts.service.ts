/**
 * Sign-up, sign-in, profile and password change. Every answer that could tell whether an e-mail address
 * has an account is the same either way: sign-up answers identically and e-mails the address instead,
 * sign-in refuses an unknown address and a wrong password with one message after the same hashing work.
 */
import { HttpError } from '~/server/http.ts';
import { assertUnderLimit, recordHit } from '~/server/security/rate-limit.ts';
import { sendMailLater } from '~/server/mail/mailer.ts';
import type { ChangePasswordInput, LoginInput, ProfileInput, RegisterInput } from '~/features/account/account.schema.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './crypto.ts';
import { findCustomerByEmail, findCustomerById, insertCustomer, updateCustomer } from './customer.repository.ts';
import { endAllSessions, startSession, toCustomer, type Customer, type RequestContext } from './session.ts';
import { limits } from './limits.ts';
import { accountExistsMail, verifyAccountMail } from './account-mail.ts';
import { issueToken } from './recovery.service.ts';
import type { CustomerJson } from './accounts.answers.ts';
import { retireTokens } from './auth-token.repository.ts';

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
  await assertUnderLimit(limits.registerAddress, address);
  await assertUnderLimit(limits.registerEmail, input.email.toLowerCase());
  await recordHit(limits.registerAddress, address);
  await recordHit(limits.registerEmail, input.email.toLowerCase());
  // Hash first, whatever happens next: a known address must take as long as a new one.
  const passwordHash = await hashPassword(input.password);
  const id = await insertCustomer({ email: input.email, first_name: input.first_name, last_name: input.last_name, password_hash: passwordHash });
  if (id !== undefined) {
    const to = { email: input.email, first_name: input.first_name };
    sendMailLater(async () => verifyAccountMail(to, await issueToken(id, 'verify_account')));
  } else {
    // The address has an account: tell its owner by e-mail, never the caller.
    sendMailLater(async () => {
      const existing = await findCustomerByEmail(input.email);
      return existing ? accountExistsMail(existing, existing.password_hash !== null) : undefined;
    });
  }
  return { message: REGISTER_MESSAGE };
}

const INVALID_LOGIN = 'The e-mail address or password is incorrect.';

export async function login(context: RequestContext, input: LoginInput, address: string): Promise<{ token: string; customer: Customer }> {
  await assertUnderLimit(limits.loginAccount, input.email);
  await assertUnderLimit(limits.loginAddress, address);
  const row = await findCustomerByEmail(input.email);
  const matches = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !row.password_hash || !matches) {
    await recordHit(limits.loginAccount, input.email);
    await recordHit(limits.loginAddress, address);
    throw new HttpError(401, INVALID_LOGIN, 'invalid_credentials');
  }
  const token = await startSession(context, row.id);
  return { token, customer: toCustomer(row) };
}

export async function updateProfile(customer: Customer, input: ProfileInput): Promise<Customer> {
  const emailChanged = input.email !== customer.email;
  if (emailChanged && (await findCustomerByEmail(input.email))) {
    throw new HttpError(400, 'email: This e-mail address cannot be used', 'validation_failed', { email: ['This e-mail address cannot be used'] });
  }
  await updateCustomer(customer.id, {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.date_of_birth !== undefined ? { date_of_birth: input.date_of_birth } : {}),
    // A new address is unconfirmed until its owner follows the link sent to it.
    ...(emailChanged ? { is_verified: 0 as const } : {}),
  });
  if (emailChanged) {
    await retireTokens(customer.id, ['verify_account']);
    sendMailLater(async () => verifyAccountMail({ email: input.email, first_name: input.first_name }, await issueToken(customer.id, 'verify_account')));
  }
  const row = await findCustomerById(customer.id);
  return toCustomer(row!);
}

/**
 * A wrong current password counts as a failed login (same limit), so a stolen session cannot be used
 * to guess the password. Success ends every session of the customer, the caller's included, and opens
 * a new one for the caller: other devices and old tokens are signed out.
 */
export async function changePassword(context: RequestContext, customer: Customer, input: ChangePasswordInput): Promise<string> {
  await assertUnderLimit(limits.loginAccount, customer.email);
  const row = await findCustomerById(customer.id);
  const matches = await verifyPassword(input.old_password, row?.password_hash ?? DUMMY_HASH);
  if (!row?.password_hash || !matches) {
    await recordHit(limits.loginAccount, customer.email);
    throw new HttpError(400, 'old_password: The current password is incorrect', 'validation_failed', { old_password: ['The current password is incorrect'] });
  }
  await updateCustomer(customer.id, { password_hash: await hashPassword(input.new_password) });
  await retireTokens(customer.id, ['reset_password', 'first_time_login']);
  await endAllSessions(customer.id);
  return startSession(context, customer.id);
}
