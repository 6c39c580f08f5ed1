/**
 * Forward-only migrations, recorded by Kysely's Migrator in its own table. The files are collected with
 * import.meta.glob so that they are part of the bundle: a folder read at run time does not survive a build.
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';

const modules = import.meta.glob<Migration>('./migrations/[0-9]*.ts', { eager: true });

const provider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(Object.entries(modules).map(([file, migration]) => [file.replace(/^.*\/|\.ts$/g, ''), migration]));
  },
};

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up to and including `name` (tests: a database as an older release left it). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}
