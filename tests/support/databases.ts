/**
 * Fresh databases for tests. PostgreSQL: the server named by TEST_DATABASE_URL (a new database per
 * run, dropped afterwards), or PGlite in a temporary folder when the variable is unset, so that the
 * PostgreSQL dialect is always tested. SQLite: a file in a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type TestDbKind = 'sqlite' | 'postgres';
export const DB_KINDS: TestDbKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  kind: TestDbKind;
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(kind: TestDbKind): Promise<TestDatabase> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${kind}-`));
  const removeTmp = async () => fs.rmSync(tmp, { recursive: true, force: true });
  if (kind === 'sqlite') return { kind, url: path.join(tmp, 'shop.db'), drop: removeTmp };

  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { kind, url: `pglite://${path.join(tmp, 'pgdata')}`, drop: removeTmp };

  const { default: pg } = await import('pg');
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect(); // fails loudly when the named server does not answer: never a skip
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await removeTmp();
    },
  };
}
