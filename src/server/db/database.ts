/**
 * One Kysely instance per process, its dialect chosen by DATABASE_URL:
 * SQLite (better-sqlite3, WAL) by default, PostgreSQL (pg) for postgres://, PGlite for pglite:.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, PGliteDialect, sql, type SqliteDatabase } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './schema.ts';
import { parseDatabaseUrl, redact, type DatabaseTarget } from './url.ts';
import { config } from '~/server/config/config.ts';
import { isDatabaseUnavailable, noteDatabaseUnavailable, noteDatabaseUp } from './outage.ts';
import { env } from '~/server/config/env.ts';

export type Db = Kysely<Database>;
export type DbKind = DatabaseTarget['kind'];

export interface Connection {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** Opens a connection to the database that `url` names. Throws DatabaseUrlError on a bad URL. */
export async function openDatabase(url: string): Promise<Connection> {
  const target = parseDatabaseUrl(url);
  const db = new Kysely<Database>({ dialect: await dialectFor(target) });
  if (target.kind === 'postgres') pooled.add(db);
  return { db, kind: target.kind, close: () => db.destroy() };
}

const pooled = new WeakSet<Db>();
const pools: import('pg').Pool[] = [];

/** The PostgreSQL pools' use (for /metrics): connections open, idle, and queries waiting for one. */
export function poolUse(): { total: number; idle: number; waiting: number; max: number } | undefined {
  if (!pools.length) return undefined;
  return pools.reduce(
    (a, p) => ({ total: a.total + p.totalCount, idle: a.idle + p.idleCount, waiting: a.waiting + p.waitingCount, max: a.max + (p.options.max ?? 10) }),
    { total: 0, idle: 0, waiting: 0, max: 0 },
  );
}

/**
 * Whether `db` spreads its queries over a pool of sessions (PostgreSQL), so that session state (a
 * temporary table) needs a connection held for the work (db.connection()). SQLite and PGlite have one
 * session, which holding would stall every other query of the process.
 */
export function isPooled(db: Db): boolean {
  return pooled.has(db);
}

async function dialectFor(target: DatabaseTarget) {
  switch (target.kind) {
    case 'sqlite': {
      const { default: SQLite } = await import('better-sqlite3');
      const file = target.file === ':memory:' ? target.file : path.resolve(target.file);
      if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
      const database = new SQLite(file);
      database.pragma('journal_mode = WAL');
      database.pragma('foreign_keys = ON');
      database.pragma('busy_timeout = 5000');
      database.pragma('synchronous = NORMAL');
      return new SqliteDialect({ database: withStatementCache(database) });
    }
    case 'postgres': {
      const { default: pg } = await import('pg');
      // COUNT(*) and SUM() come back as bigint/numeric strings; we only ever count within int range.
      pg.types.setTypeParser(20, (v) => Number(v)); // int8
      pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
      // A connection attempt that hangs (a host cut off) fails after PG_CONNECT_TIMEOUT_MS instead of
      // holding the request for ever; a dead idle connection is dropped by the pool, which emits `error`:
      // unhandled, that event would end the process (it did: a PostgreSQL restart crashed every worker).
      const pool = new pg.Pool({
        connectionString: target.url,
        max: env('PG_POOL_MAX'),
        connectionTimeoutMillis: env('PG_CONNECT_TIMEOUT_MS'),
      });
      pool.on('error', (error) => noteDatabaseUnavailable(error, 'idle connection'));
      // The pool listens to a connection only while it is idle: one that breaks while a request holds it
      // between two queries (a transaction, a held session) would emit `error` with no one listening.
      // The request's next query fails instead, and the pool drops the broken connection when it is released.
      pool.on('connect', (client) => client.on('error', (error) => noteDatabaseUnavailable(error, 'connection in use')));
      pools.push(pool);
      return new PostgresDialect({ pool });
    }
    case 'pglite': {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = new PGlite(target.dir ? path.resolve(target.dir) : undefined);
      await pglite.waitReady;
      return new PGliteDialect({ pglite });
    }
  }
}

/** Runs a trivial query, turning any failure into one line that names DATABASE_URL. */
export async function assertReachable(conn: Connection, url: string): Promise<void> {
  try {
    await sql`select 1`.execute(conn.db);
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.constructor.name : String(error);
    throw new DatabaseUnreachableError(`DATABASE_URL ${redact(url)} cannot be reached: ${reason}`);
  }
}

export class DatabaseUnreachableError extends Error {}

/**
 * Asks the database `select 1`, failing after `timeoutMs` (/healthz: a server whose database does not
 * answer is not ready, however long the driver would wait). Notes the outage or its end (db/outage.ts).
 */
export async function probeDatabase(conn: Connection, timeoutMs = 2000): Promise<void> {
  // SQLite is a file this process holds open: it has no outage to find, and a `select 1` would only wait
  // its turn behind the transactions on the one connection (20 sign-ins made /healthz 0.7 s slow).
  if (conn.kind === 'sqlite') return void noteDatabaseUp();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(conn.db),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs)),
      ),
    ]);
    noteDatabaseUp();
  } catch (error) {
    if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error, 'health check');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

let shared: Promise<Connection> | undefined;

/** The process-wide connection, opened on first use from DATABASE_URL. */
export function getConnection(): Promise<Connection> {
  shared ??= openDatabase(config.databaseUrl);
  return shared;
}

/** A command-line run makes its own connection the process-wide one, so that what it calls shares it. */
export function shareConnection(conn: Connection): void {
  shared = Promise.resolve(conn);
}

/** Undoes shareConnection before that connection is closed. */
export function unshareConnection(): void {
  shared = undefined;
}

/** Closes the process-wide connection if it was opened (a command-line run, at its end). */
export async function closeSharedConnection(): Promise<void> {
  const opened = shared;
  shared = undefined;
  if (opened) await (await opened).close();
}

export async function getDb(): Promise<Db> {
  return (await getConnection()).db;
}

/**
 * Kysely prepares every SQLite statement anew, which costs more than running most of ours. The shop
 * asks the same few hundred queries over and over, so prepared statements are kept by their SQL (the
 * most recently used 500). A statement still busy streaming rows is not handed out twice.
 */
function withStatementCache(database: BetterSqlite3.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const kept = cache.get(sql);
      if (kept && !kept.busy) {
        cache.delete(sql);
        cache.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      if (!kept) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
