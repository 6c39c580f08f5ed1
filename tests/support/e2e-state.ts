/** Where the Playwright server (tests/e2e/serve.ts) writes its URL and database, by port, for tests to read. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function e2eStateFile(port: number): string {
  return path.join(os.tmpdir(), `shop-e2e-${port}.json`);
}

export function readE2eState(): { url: string; databaseUrl: string } {
  return JSON.parse(fs.readFileSync(e2eStateFile(Number(process.env.E2E_PORT) || 4455), 'utf8'));
}
