/** Parses DATABASE_URL into the kind of database and where it is. */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string | undefined };

export class DatabaseUrlError extends Error {}

/**
 * Accepted forms:
 * - `postgres://…` or `postgresql://…`: a PostgreSQL server (pg);
 * - `pglite://` (in memory) or `pglite:///abs/dir` / `pglite:rel/dir`: PostgreSQL in-process (PGlite);
 * - `sqlite:path`, `file:path` or a plain path: SQLite through better-sqlite3.
 */
export function parseDatabaseUrl(raw: string): DatabaseTarget {
  const value = raw.trim();
  if (!value) throw new DatabaseUrlError('DATABASE_URL is empty');
  if (/^postgres(ql)?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (!url.hostname && !url.searchParams.get('host')) throw new Error('no host');
    } catch {
      throw new DatabaseUrlError(`DATABASE_URL is not a valid PostgreSQL URL: ${redact(value)}`);
    }
    return { kind: 'postgres', url: value };
  }
  if (/^pglite:/i.test(value)) {
    const dir = value.replace(/^pglite:(\/\/)?/i, '');
    return { kind: 'pglite', dir: dir ? dir : undefined };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
  if (scheme && !/^(sqlite|file)$/i.test(scheme[1]!)) {
    throw new DatabaseUrlError(`DATABASE_URL uses an unsupported scheme "${scheme[1]}:" (use postgres://, pglite: or a SQLite file path)`);
  }
  const file = value.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (!file) throw new DatabaseUrlError('DATABASE_URL names no SQLite file');
  return { kind: 'sqlite', file };
}

/** The URL without its password, for messages. */
export function redact(value: string): string {
  return value.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
