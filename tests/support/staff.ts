/**
 * Back-office helpers: staff accounts made the way an operator makes them (`npm run staff -- add`, the
 * password on standard input), and sign-in through /admin/login as a browser posts it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `dist/cli/cli.mjs staff …` with `input` on standard input (not blocking this process: PGlite may be served by it). */
export function staffCli(databaseUrl: string, args: string[], input = ''): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'staff', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
    child.stdin.end(input);
  });
}

export async function addStaff(
  databaseUrl: string,
  email: string,
  role: 'owner' | 'manager' | 'editor',
  password = 'staff-password-1',
): Promise<{ email: string; password: string }> {
  const r = await staffCli(databaseUrl, ['add', email, '--role', role], `${password}\n`);
  if (r.status !== 0) throw new Error(`staff add failed: ${r.output}`);
  return { email, password };
}

export interface SignInAnswer {
  status: number;
  location: string | null;
  /** `aurelle_staff=…` for a Cookie header, when the sign-in set one. */
  cookie?: string;
  setCookie: string | null;
  body: string;
}

/** POSTs the sign-in form; `address` is the client address (the test servers trust one proxy). */
export async function postSignIn(
  base: string,
  fields: Record<string, string>,
  address = '127.0.0.1',
  headers: Record<string, string> = {},
): Promise<SignInAnswer> {
  const res = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const setCookie = res.headers.get('set-cookie');
  const cookie = /aurelle_staff=[^;]+/.exec(setCookie ?? '')?.[0];
  return { status: res.status, location: res.headers.get('location'), cookie, setCookie, body: await res.text() };
}

export async function signIn(base: string, email: string, password: string, code?: string, address?: string): Promise<string> {
  const r = await postSignIn(base, { email, password, ...(code ? { code } : {}) }, address);
  if (r.status !== 303 || !r.cookie) throw new Error(`sign-in of ${email} answered ${r.status}`);
  return r.cookie;
}

/** A back-office page (or form post) with a staff cookie; redirects are not followed. */
export async function page(
  base: string,
  pathname: string,
  cookie?: string,
  form?: Record<string, string>,
): Promise<{ status: number; location: string | null; body: string; headers: Headers }> {
  const res = await fetch(base + pathname, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, location: res.headers.get('location'), body: await res.text(), headers: res.headers };
}

let staffHash: Promise<string> | undefined;
export const SEEDED_STAFF_PASSWORD = 'staff-password-1';

/**
 * A staff account written straight into the database (its password hashed once per process) with a live
 * session, for tests about what staff do rather than how they sign in (each scrypt costs ~0.5 s, far
 * more on a loaded machine). `cookie` is ready for a Cookie header.
 */
export async function seedStaff(
  databaseUrl: string,
  email: string,
  role: 'owner' | 'manager' | 'editor',
): Promise<{ email: string; password: string; cookie: string }> {
  const { testDb } = await import('./accounts.ts');
  const { hashPassword, sha256 } = await import('~/server/accounts/crypto.ts');
  const { randomBytes } = await import('node:crypto');
  staffHash ??= hashPassword(SEEDED_STAFF_PASSWORD);
  const db = await testDb(databaseUrl);
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('staff_accounts')
    .values({
      email,
      role,
      password_hash: await staffHash,
      totp_secret: null,
      totp_pending_secret: null,
      recovery_codes: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('staff_sessions')
    .values({ id: sha256(token), staff_id: id, created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString() })
    .execute();
  return { email, password: SEEDED_STAFF_PASSWORD, cookie: `aurelle_staff=${token}` };
}

/** The code an authenticator app shows now for a TOTP secret (base32), as the shop checks it: SHA-1, 6 digits, 30 s. */
export async function totpCode(secret: string, now = Date.now()): Promise<string> {
  const OTPAuth = await import('otpauth');
  return new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: now });
}
