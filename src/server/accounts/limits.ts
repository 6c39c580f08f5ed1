/**
 * Brute-force limits, counted in the database (see security/rate-limit.ts) so every app server sees
 * the same numbers. Failed logins: 5 per account per 15 minutes, plus a per-address cap (LOGIN_IP_LIMIT,
 * default 50) that stops one client from spraying many accounts while leaving room for shoppers behind
 * one shared address (an office, a mobile carrier). Forgot-password requests are limited the same way.
 */
import type { Limit } from '~/server/security/rate-limit.ts';

const WINDOW = 15 * 60_000;

function ipLimit(): number {
  const n = Number(process.env.LOGIN_IP_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : 50;
}

export const limits = {
  loginAccount: { bucket: 'login:account', max: 5, windowMs: WINDOW } satisfies Limit,
  get loginAddress(): Limit {
    return { bucket: 'login:address', max: ipLimit(), windowMs: WINDOW };
  },
  forgotAccount: { bucket: 'forgot:account', max: 5, windowMs: WINDOW } satisfies Limit,
  get forgotAddress(): Limit {
    return { bucket: 'forgot:address', max: ipLimit(), windowMs: WINDOW };
  },
  /** Sign-ups per client address per hour (REGISTER_IP_LIMIT, default 10). */
  get registerAddress(): Limit {
    const n = Number(process.env.REGISTER_IP_LIMIT);
    return { bucket: 'register:address', max: Number.isInteger(n) && n > 0 ? n : 10, windowMs: 60 * 60_000 };
  },
  /** Sign-ups per e-mail address per hour. */
  registerEmail: { bucket: 'register:email', max: 3, windowMs: 60 * 60_000 } satisfies Limit,
  /** Asking for another verification e-mail, per account. */
  verifyResend: { bucket: 'verify:account', max: 5, windowMs: WINDOW } satisfies Limit,
};
