import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, parseDatabaseUrl, redact } from '~/server/db/url.ts';

describe('DATABASE_URL', () => {
  it('reads a plain path, sqlite: and file: as SQLite', () => {
    expect(parseDatabaseUrl('var/shop.db')).toEqual({ kind: 'sqlite', file: 'var/shop.db' });
    expect(parseDatabaseUrl('sqlite:/tmp/a.db')).toEqual({ kind: 'sqlite', file: '/tmp/a.db' });
    expect(parseDatabaseUrl('file:///tmp/b.db')).toEqual({ kind: 'sqlite', file: '/tmp/b.db' });
  });

  it('reads postgres:// and postgresql:// as PostgreSQL', () => {
    expect(parseDatabaseUrl('postgres://u@127.0.0.1:5432/test').kind).toBe('postgres');
    expect(parseDatabaseUrl('postgresql://u:p@db/shop').kind).toBe('postgres');
  });

  it('reads pglite: in memory or in a folder', () => {
    expect(parseDatabaseUrl('pglite://')).toEqual({ kind: 'pglite', dir: undefined });
    expect(parseDatabaseUrl('pglite:///tmp/pg')).toEqual({ kind: 'pglite', dir: '/tmp/pg' });
  });

  it('refuses unknown schemes and malformed URLs with a message naming the variable', () => {
    expect(() => parseDatabaseUrl('mysql://root@localhost/shop')).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl('mysql://root@localhost/shop')).toThrow(/DATABASE_URL/);
    expect(() => parseDatabaseUrl('postgres://')).toThrow(/DATABASE_URL is not a valid PostgreSQL URL/);
    expect(() => parseDatabaseUrl('   ')).toThrow(/empty/);
  });

  it('never prints a password', () => {
    expect(redact('postgres://shop:s3cret@db:5432/x')).toBe('postgres://shop:***@db:5432/x');
  });
});
