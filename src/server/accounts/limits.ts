/**
 * Brute-force limits, counted in the database (see security/rate-limit.ts) so every app server sees
 * the same numbers, each hit counted before it is decided (parallel attempts never pass a limit).
 *
 * Sign-in (the rule in docs/api.md, "Brute force"): wrong passwords lock out the account **from the
 * address that sent them** (5 per account and client address per 15 minutes), never the account as a
 * whole, so an attacker cannot lock its owner out; a per-address cap (LOGIN_IP_LIMIT, default 50) stops
 * one client from spraying many accounts while leaving room for shoppers behind one shared address (an
 * office, a mobile carrier). Failures of one account from every address together only slow its sign-in
 * down (`signInDelayMs`): the answer waits, the right password still gets in.
 * Forgot-password requests are limited per e-mail address and per client address.
 */
import type { Limit } from '~/server/security/rate-limit.ts';
import { env } from '~/server/config/env.ts';

const WINDOW = 15 * 60_000;

function ipLimit(): number {
  return env('LOGIN_IP_LIMIT');
}

/** The key of an account tried from one client address. */
export const accountFrom = (email: string, address: string) => `${email.toLowerCase()}|${address}`;

export const limits = {
  /** Wrong passwords per account and client address (accountFrom). */
  loginAccountAddress: { bucket: 'login:account-address', max: 5, windowMs: WINDOW } satisfies Limit,
  get loginAddress(): Limit {
    return { bucket: 'login:address', max: ipLimit(), windowMs: WINDOW };
  },
  /** Wrong passwords per account from every address: never refuses, only slows (SLOW_AFTER). */
  loginAccount: { bucket: 'login:account', max: Number.POSITIVE_INFINITY, windowMs: WINDOW } satisfies Limit,
  forgotAccount: { bucket: 'forgot:account', max: 5, windowMs: WINDOW } satisfies Limit,
  get forgotAddress(): Limit {
    return { bucket: 'forgot:address', max: ipLimit(), windowMs: WINDOW };
  },
  /** Sign-ups per client address per hour (REGISTER_IP_LIMIT, default 10). */
  get registerAddress(): Limit {
    return { bucket: 'register:address', max: env('REGISTER_IP_LIMIT'), windowMs: 60 * 60_000 };
  },
  /** Sign-ups per e-mail address per hour. */
  registerEmail: { bucket: 'register:email', max: 3, windowMs: 60 * 60_000 } satisfies Limit,
  /** Asking for another verification e-mail, per account. */
  verifyResend: { bucket: 'verify:account', max: 5, windowMs: WINDOW } satisfies Limit,
};

/** Account-wide failures (every address) before sign-in of that account slows down. */
export const SLOW_AFTER = 10;
/** The wait per failure beyond SLOW_AFTER, and its ceiling. */
const STEP_MS = 250;
export const MAX_DELAY_MS = 3000;

/** How long a sign-in of an account waits before its password is checked, given its failures in the window. */
export function signInDelayMs(failures: number): number {
  return failures < SLOW_AFTER ? 0 : Math.min(MAX_DELAY_MS, (failures - SLOW_AFTER + 1) * STEP_MS);
}
