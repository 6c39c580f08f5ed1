/** Start-up as an operator sees it: migrate and seed once, keep data on restart, one clear line on a bad URL. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = path.resolve(import.meta.dirname, '../../dist/cli/cli.mjs');
const run = (databaseUrl: string, ...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DIAMONDS: '200' }, encoding: 'utf8', timeout: 60_000 });

describe('start-up', () => {
  it('seeds an empty database once and keeps the data on the next start', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-')), 'shop.db');
    const first = run(file, 'prepare');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Applied migrations: 0001_initial/);
    expect(first.stdout).toMatch(/Seeded 96 products \(\d+ variants\) and 200 diamonds/);
    const second = run(file, 'prepare');
    expect(second.status).toBe(0);
    expect(second.stdout).not.toMatch(/Seeded|Applied/);
  });

  it('stops with one line naming DATABASE_URL when the database cannot be reached', () => {
    const res = run('postgres://nobody:secret@127.0.0.1:1/none', 'prepare');
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none cannot be reached/);
  });

  it('stops with one line naming DATABASE_URL when it cannot be parsed', () => {
    const res = run('mysql://root@localhost/shop', 'prepare');
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^DATABASE_URL uses an unsupported scheme "mysql:"/)]);
  });

  it('rejects a bad --diamonds count for the seed command', () => {
    const res = run(':memory:', 'seed', '--diamonds', 'lots');
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/--diamonds takes a whole number/);
  });
});
