/**
 * What an import has seen so far (the certificates the file names and, in a dry run, its stock
 * numbers), kept in a temporary table of the database instead of the importer's memory, so that memory
 * stays flat however long the file. A temporary table belongs to one database session: on a PostgreSQL
 * pool the import holds one connection for its whole run (SQLite and PGlite have one session anyway),
 * and the table goes when the import ends, or with the session if the process dies.
 */
import { sql } from 'kysely';
import { isPooled, type Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { among } from './import.repository.ts';

export type SeenKind = 'certificate' | 'sku';

let tables = 0;

/**
 * The keys of a statement travel as one parameter however many there are: PostgreSQL arrays (unnest,
 * `= any`), SQLite a JSON array (json_each); the statements' texts stay the same, short to build and,
 * on SQLite, prepared once (database.ts keeps them).
 */
export class ImportScratch {
  private readonly db: Db;
  private readonly table: string;

  constructor(db: Db, table: string) {
    this.db = db;
    this.table = table;
  }

  /** Those of `keys` already noted, each with the line it was first noted on. */
  async lookup(kind: SeenKind, keys: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (!keys.length) return found;
    const unique = [...new Set(keys)];
    const { rows } = await sql<{ key: string; line: number }>`
      select key, line from ${sql.table(this.table)} where kind = ${kind} and ${among(this.db, 'key', unique)}`.execute(this.db);
    for (const r of rows) found.set(r.key, Number(r.line));
    return found;
  }

  /** Notes keys not noted before (key → the line it appears on). */
  async note(kind: SeenKind, entries: Map<string, number>): Promise<void> {
    const list = [...entries];
    if (!list.length) return;
    const rows = isSqlite(this.db)
      ? sql`select ${kind}, value ->> 0, value ->> 1 from json_each(${JSON.stringify(list)})`
      : sql`select ${kind}, k, l from unnest(${list.map(([k]) => k)}::text[], ${list.map(([, l]) => l)}::integer[]) as v(k, l)`;
    await sql`insert into ${sql.table(this.table)} (kind, key, line) ${rows}`.execute(this.db);
  }
}

/** Runs `work` with a scratch table of its own, on a session held for it where the database pools them. */
export async function withScratch<T>(db: Db, work: (db: Db, scratch: ImportScratch) => Promise<T>): Promise<T> {
  const table = `import_seen_${process.pid}_${++tables}`;
  const run = async (session: Db) => {
    // On SQLite without a rowid: the rows are kept in their key's order, one b-tree to write instead of two.
    await sql`create temporary table ${sql.table(table)} (kind text not null, key text not null, line integer not null, primary key (kind, key))${sql.raw(isSqlite(session) ? ' without rowid' : '')}`.execute(
      session,
    );
    try {
      return await work(session, new ImportScratch(session, table));
    } finally {
      await sql`drop table if exists ${sql.table(table)}`.execute(session);
    }
  };
  return isPooled(db) ? db.connection().execute(run) : run(db);
}
