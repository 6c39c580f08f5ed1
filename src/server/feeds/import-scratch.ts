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

export type SeenKind = 'certificate' | 'sku';

/** Keys per statement: well under both databases' limits on bound parameters. */
const LOOKUP = 5000;
const NOTE = 3000;
let tables = 0;

export class ImportScratch {
  constructor(
    private readonly db: Db,
    private readonly table: string,
  ) {}

  /** Those of `keys` already noted, each with the line it was first noted on. */
  async lookup(kind: SeenKind, keys: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const unique = [...new Set(keys)];
    for (let i = 0; i < unique.length; i += LOOKUP) {
      const part = unique.slice(i, i + LOOKUP);
      const among = isSqlite(this.db) ? sql`in (${sql.join(part)})` : sql`= any(${part}::text[])`;
      const { rows } = await sql<{ key: string; line: number }>`
        select key, line from ${sql.table(this.table)} where kind = ${kind} and key ${among}`.execute(this.db);
      for (const r of rows) found.set(r.key, Number(r.line));
    }
    return found;
  }

  /** Notes keys not noted before (key → the line it appears on). */
  async note(kind: SeenKind, entries: Map<string, number>): Promise<void> {
    const list = [...entries];
    if (!list.length) return;
    if (!isSqlite(this.db)) {
      await sql`insert into ${sql.table(this.table)} (kind, key, line)
        select ${kind}, k, l from unnest(${list.map(([k]) => k)}::text[], ${list.map(([, l]) => l)}::integer[]) as v(k, l)`.execute(this.db);
      return;
    }
    for (let i = 0; i < list.length; i += NOTE) {
      const values = list.slice(i, i + NOTE).map(([key, line]) => sql`(${kind}, ${key}, ${line})`);
      await sql`insert into ${sql.table(this.table)} (kind, key, line) values ${sql.join(values)}`.execute(this.db);
    }
  }
}

/** Runs `work` with a scratch table of its own, on a session held for it where the database pools them. */
export async function withScratch<T>(db: Db, work: (db: Db, scratch: ImportScratch) => Promise<T>): Promise<T> {
  const table = `import_seen_${process.pid}_${++tables}`;
  const run = async (session: Db) => {
    await sql`create temporary table ${sql.table(table)} (kind text not null, key text not null, line integer not null, primary key (kind, key))`.execute(session);
    try {
      return await work(session, new ImportScratch(session, table));
    } finally {
      await sql`drop table if exists ${sql.table(table)}`.execute(session);
    }
  };
  return isPooled(db) ? db.connection().execute(run) : run(db);
}
