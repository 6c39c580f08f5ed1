/** Account rules that need no server: password hashing parameters, safe redirects, the shared schemas. */
import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS, signInDelayMs } from '~/server/accounts/limits.ts';
import { DUMMY_HASH, hashPassword, randomToken, sha256, verifyPassword } from '~/server/accounts/crypto.ts';
import { safeRedirect } from '~/server/accounts/auth.ts';
import { profileSchema, registerSchema, verifyAccountSchema } from '~/features/account/account.schema.ts';

// Each scrypt hash at OWASP's cost takes about half a second here, more on a busy machine.
describe('passwords', { timeout: 30_000 }, () => {
  it('hashes with scrypt at N=2^17, r=8, p=1 and a random salt, and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'not-a-hash')).toBe(false);
    expect(DUMMY_HASH).toMatch(/^scrypt\$17\$8\$1\$/);
  });

  it('makes 256-bit URL-safe tokens and stores only their SHA-256', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(sha256(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/customer/account/orders?page=2', '/customer/account/orders?page=2'],
    ['/wishlist#top', '/wishlist#top'],
    [null, '/customer/account/profile'],
    ['https://evil.example/', '/customer/account/profile'],
    ['//evil.example/', '/customer/account/profile'],
    ['/\\evil.example', '/customer/account/profile'],
    ['javascript:alert(1)', '/customer/account/profile'],
    ['/customer', '/customer/account/profile'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe('account schemas', () => {
  it('normalises the e-mail address and checks the confirmation', () => {
    const ok = registerSchema.parse({
      email: ' Ada@Example.COM ',
      first_name: 'Ada',
      last_name: 'L',
      password: 'password1',
      password_confirmation: 'password1',
    });
    expect(ok.email).toBe('ada@example.com');
    const bad = registerSchema.safeParse({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'L',
      password: 'password1',
      password_confirmation: 'password2',
    });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['password_confirmation']);
  });

  it('reads profile genders case-insensitively and refuses a date of birth in the future', () => {
    expect(profileSchema.parse({ first_name: 'A', last_name: 'B', email: 'a@b.co', gender: 'other' }).gender).toBe('Other');
    expect(profileSchema.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.co', date_of_birth: '2999-01-01' }).success).toBe(false);
    expect(profileSchema.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.co', date_of_birth: '1990-02-30' }).success).toBe(false);
  });

  it('takes the verification token as a bare string or as { token }', () => {
    expect(verifyAccountSchema.parse('abc')).toEqual({ token: 'abc' });
    expect(verifyAccountSchema.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(verifyAccountSchema.parse({})).toEqual({});
  });
});

describe('sign-in slow-down of an account guessed from many addresses', () => {
  it('waits nothing below 10 failures, then 250 ms more per failure, never more than 3 s', () => {
    expect([0, 5, 9].map(signInDelayMs)).toEqual([0, 0, 0]);
    expect([10, 11, 12].map(signInDelayMs)).toEqual([250, 500, 750]);
    expect(signInDelayMs(21)).toBe(MAX_DELAY_MS);
    expect(signInDelayMs(10_000)).toBe(3000);
  });
});
