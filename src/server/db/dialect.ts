/** The few places where SQLite and PostgreSQL need different words, kept in one file. */
import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-numbered integer primary key: rowid on SQLite, an identity column on PostgreSQL. */
export function idColumn(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) => (isSqlite(db) ? col.primaryKey() : col.primaryKey().generatedByDefaultAsIdentity());
}
