/**
 * Fresh databases for tests. PostgreSQL: a new database on the server named by TEST_DATABASE_URL (dropped
 * afterwards); when the variable is unset, an in-memory PGlite served over the PostgreSQL wire protocol
 * for this database alone (tests/support/pg-wire.ts), so the PostgreSQL suites run on any machine, and the
 * test process and the server process reach one database through `postgres://` either way.
 * SQLite: a file in a temporary folder.
 *
 * Names are unique by construction: the process id (unique among running processes) and a counter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { servePglite } from './pg-wire.ts';

export type TestDbKind = 'sqlite' | 'postgres';
export const DB_KINDS: TestDbKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  kind: TestDbKind;
  url: string;
  /** A folder of this database's own, for the server's files (var/). */
  dir: string;
  drop(): Promise<void>;
}

let made = 0;

export async function createTestDatabase(kind: TestDbKind): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${kind}-`));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (kind === 'sqlite') return { kind, url: path.join(dir, 'shop.db'), dir, drop: removeDir };

  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const wire = await servePglite();
    return {
      kind,
      url: wire.url,
      dir,
      async drop() {
        await wire.close();
        await removeDir();
      },
    };
  }

  const { default: pg } = await import('pg');
  const name = `shop_test_${process.pid}_${++made}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect(); // fails loudly when the named server does not answer: never a skip
  // A database of this name can only be left over from a dead run whose process had this id.
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    dir,
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await removeDir();
    },
  };
}
