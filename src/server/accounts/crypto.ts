/**
 * Password hashing and secret tokens. Passwords use scrypt at OWASP's parameters (N=2^17, r=8, p=1).
 * The stored form names its parameters, so a later change of cost still verifies older hashes.
 *
 * Hashing (~0.5 s of CPU and 128 MiB each) runs on worker threads of its own (background-workers.ts),
 * never on the event loop nor on libuv's pool (where sign-ins starved every other request). At
 * most SCRYPT_CONCURRENCY hashes run at once per process (default 2; 1 on a one-core machine), at most
 * 100 more wait in line; beyond, 503 with Retry-After. The threads run at nice SCRYPT_NICE (default 10):
 * when the CPU is saturated, pages and other requests go first and sign-ins wait. The measurements behind
 * both choices: docs/performance.md ("Password hashing").
 */
import { createHash, randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BackgroundWorkers } from '~/server/runtime/background-workers.ts';
import { env } from '~/server/config/env.ts';

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB.
const maxmemFor = (n: number, r: number) => 256 * n * r;

const HASH = `
const { scryptSync } = require('node:crypto');
run = ({ password, salt, options }) => scryptSync(password, salt, ${KEY_LENGTH}, options);
`;
const concurrency = env('SCRYPT_CONCURRENCY');
/** The hashing threads' scheduling priority, SCRYPT_NICE (default 10; 0: as the event loop). */
function hashingNice(): number {
  return env('SCRYPT_NICE');
}
let hashers: BackgroundWorkers<{ password: string; salt: Uint8Array; options: ScryptOptions }, Uint8Array> | undefined;

async function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  hashers ??= new BackgroundWorkers(
    'password hashing',
    HASH,
    concurrency ?? Math.min(2, availableParallelism()),
    100,
    'Too many sign-ins at once. Please try again in a moment.',
    { nice: hashingNice() },
  );
  const key = await hashers.run({ password: password.normalize('NFKC'), salt, options });
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

/** `scrypt$17$8$1$<salt>$<key>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { N: 2 ** LOG_N, r: R, p: P, maxmem: maxmemFor(2 ** LOG_N, R) });
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = 2 ** Number(logN);
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N, r: Number(r), p: Number(p), maxmem: maxmemFor(N, Number(r)) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password nobody knows: checked when the e-mail has no account (or no password),
 * so that an unknown address takes as long to refuse as a wrong password.
 */
export const DUMMY_HASH = 'scrypt$17$8$1$XCuRvUx6pEK1SZRioGpFrw$pP6l9CbUKptzCNHeXpLj3YummSsiAJrqhD48ho5hXwg';

/** 256 random bits, URL-safe: session, reset, verification and payment tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 so that a copy of the database cannot be replayed. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
