/**
 * What the Playwright server (tests/e2e/serve.ts) tells the tests: its URL, its database and the folder of
 * its mailbox, written to a file named by its port (E2E_PORT, default 4455) so test workers can read it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface E2eState {
  url: string;
  databaseUrl: string;
  mailDir: string;
}

export function e2ePort(): number {
  return Number(process.env.E2E_PORT) || 4455;
}

export function e2eStateFile(port = e2ePort()): string {
  return path.join(os.tmpdir(), `shop-e2e-${port}.json`);
}

export function readE2eState(): E2eState {
  return JSON.parse(fs.readFileSync(e2eStateFile(), 'utf8'));
}
