/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database (SQLite), through
 * SQLite's online backup API (better-sqlite3's backup()): a backup taken while the shop runs is one
 * consistent snapshot and includes what is still in the write-ahead log (copying shop.db by hand does
 * not). A restore copies the same way into the shop's file, and refuses to overwrite a live database
 * (one that holds the shop's tables, or that a running server has open) without --force.
 * PostgreSQL is backed up with pg_dump and restored with pg_restore (docs/deploy.md, "Backups").
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { parseDatabaseUrl, redact } from './url.ts';

/** A problem the operator can act on: the message says what to do. */
export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  orders: number;
  ms: number;
}

const PG_HINT =
  'back it up with pg_dump --format=custom --file=FILE "$DATABASE_URL" and restore it with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE (docs/deploy.md, Backups)';

async function sqlite(file: string, options: BetterSqlite3.Options = {}): Promise<BetterSqlite3.Database> {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file, { fileMustExist: true, ...options });
  db.pragma('busy_timeout = 5000');
  return db;
}

function sqliteFile(url: string): string {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'postgres') throw new BackupError(`DATABASE_URL ${redact(url)} is PostgreSQL: ${PG_HINT}`);
  if (target.kind === 'pglite') throw new BackupError(`DATABASE_URL ${redact(url)} is PGlite: stop the shop and copy its folder`);
  if (target.file === ':memory:') throw new BackupError('DATABASE_URL is an in-memory database: there is nothing to back up');
  return path.resolve(target.file);
}

function countOrders(db: BetterSqlite3.Database): number {
  const row = db.prepare(`select count(*) as n from sqlite_master where type = 'table' and name = 'orders'`).get() as { n: number };
  return row.n ? (db.prepare('select count(*) as n from orders').get() as { n: number }).n : 0;
}

function assertWhole(db: BetterSqlite3.Database, label: string) {
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new BackupError(`${label} is damaged: ${String(check)}`);
}

/** Copies the shop's SQLite database to `dest` (a new file unless `force`), consistent while it runs. */
export async function backupDatabase(url: string, dest: string, { force = false } = {}): Promise<BackupSummary> {
  const started = performance.now();
  const source = sqliteFile(url);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} (DATABASE_URL) to back up`);
  if (fs.existsSync(dest) && !force) throw new BackupError(`${dest} exists already: name a new file, or add --force to replace it`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  // Into a file of its own first: a backup that fails half-way leaves nothing that looks like a backup.
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });
  const db = await sqlite(source);
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  const copy = await sqlite(partial);
  let orders: number;
  try {
    assertWhole(copy, `The backup ${partial}`);
    // One file that opens on its own: no write-ahead log beside it.
    copy.pragma('journal_mode = DELETE');
    orders = countOrders(copy);
  } finally {
    copy.close();
  }
  fs.renameSync(partial, dest);
  return { file: dest, bytes: fs.statSync(dest).size, orders, ms: Math.round(performance.now() - started) };
}

/** Whether another connection (a running server) has the SQLite file open: it holds the WAL's shared lock. */
function inUse(db: BetterSqlite3.Database): boolean {
  db.pragma('busy_timeout = 0');
  try {
    // Leaving WAL mode needs the only connection; SQLITE_BUSY means some other process has the file open.
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') return true;
    db.pragma('journal_mode = WAL');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.pragma('busy_timeout = 5000');
  }
}

export interface RestoreSummary extends BackupSummary {
  /** The database was open in a running shop (restored with --force): it must be restarted. */
  wasInUse: boolean;
}

/** Puts the backup `from` back as the shop's SQLite database; a live one only with `force`. */
export async function restoreDatabase(url: string, from: string, { force = false } = {}): Promise<RestoreSummary> {
  const started = performance.now();
  const target = sqliteFile(url);
  if (!fs.existsSync(from)) throw new BackupError(`There is no backup at ${from}`);
  const backup = await sqlite(from, { readonly: true });
  let orders: number;
  try {
    const shopTables = backup.prepare(`select count(*) as n from sqlite_master where type = 'table' and name in ('kysely_migration', 'orders')`).get() as {
      n: number;
    };
    if (shopTables.n !== 2) throw new BackupError(`${from} is not a backup of this shop's database (it has no orders or migrations)`);
    assertWhole(backup, `The backup ${from}`);
    orders = countOrders(backup);
  } catch (error) {
    backup.close();
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new BackupError(`${from} is not a SQLite database`);
    throw error;
  }
  let wasInUse = false;
  if (fs.existsSync(target)) {
    const live = await sqlite(target);
    try {
      wasInUse = inUse(live);
      const tables = (live.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
      if (!force && wasInUse) {
        throw new BackupError(`${target} is in use by a running shop: stop it first, or add --force to replace its data under it (then restart it)`);
      }
      if (!force && tables > 0) {
        const held = countOrders(live);
        throw new BackupError(
          `${target} is a live database (${held.toLocaleString('en-US')} order${held === 1 ? '' : 's'}): add --force to replace it with ${from}`,
        );
      }
    } finally {
      live.close();
    }
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
  }
  try {
    // Page by page under SQLite's locks: a server that has the file open sees the old or the new database, never a mix.
    await backup.backup(target);
  } finally {
    backup.close();
  }
  const restored = await sqlite(target);
  try {
    assertWhole(restored, `The restored ${target}`);
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  return { file: target, bytes: fs.statSync(target).size, orders, ms: Math.round(performance.now() - started), wasInUse };
}
