/** Starts one server per database for the API suites; tests reach them through inject('servers'). */
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DB_KINDS } from '../support/databases.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { ADMIN_IMPORT_MAX_BYTES, ADMIN_TOKEN } from '../support/admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    servers: Record<string, { url: string; databaseUrl: string }>;
    /** Where the test SMTP server writes each message it receives (see tests/support/mailbox.ts). */
    mailDir: string;
  }
}

let servers: TestServer[] = [];
let mailbox: Mailbox | undefined;

export async function setup(project: TestProject) {
  mailbox = await startMailbox(path.join(os.tmpdir(), `shop-api-mail-${process.pid}`));
  // LOGIN_IP_LIMIT: every test connects from loopback; the per-address suite reaches a small limit
  // quickly from an address of its own (each failed login costs a deliberate ~0.5 s of scrypt).
  // ADMIN_TOKEN opens /api/admin/ (tests/support/admin.ts); a small import limit lets a test pass it.
  // TRUST_PROXY=1: the shared servers stand behind one (pretend) proxy, so that tests may say the
  // shopper came over HTTPS (X-Forwarded-Proto); tests/api/proxy.test.ts covers both settings.
  const env = {
    SMTP_URL: mailbox.url,
    LOGIN_IP_LIMIT: '10',
    ADMIN_TOKEN: ADMIN_TOKEN,
    ADMIN_IMPORT_MAX_BYTES: String(ADMIN_IMPORT_MAX_BYTES),
    TRUST_PROXY: '1',
  };
  servers = await Promise.all(DB_KINDS.map((kind) => startServer(kind, { env })));
  project.provide('servers', Object.fromEntries(servers.map((s) => [s.kind, { url: s.url, databaseUrl: s.databaseUrl }])));
  project.provide('mailDir', mailbox.dir);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  await mailbox?.stop();
}
