/**
 * Names and client addresses that no other test uses, by construction rather than by chance. A Vitest
 * worker runs one test file at a time, and every test file has a name of its own: a name made of the
 * file's name and a counter of this module (one per file) cannot be made twice, whatever the workers do.
 * Under Playwright (the e2e journeys, which seed customers and orders with these helpers), workers run
 * tests of one file side by side: there the name is made of the test's id (one per test and project)
 * and its retry instead. Only inside a test (or a hook), where the runner knows the file or the test.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';

const testsDir = path.resolve(import.meta.dirname, '..');
/** Every Vitest file, in a fixed order: a file's position is its number. */
const files = ['api', 'unit'].flatMap((dir) =>
  fs
    .readdirSync(path.join(testsDir, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`),
);

/** The running Playwright test's id and retry, lower-case letters and digits (the shop lower-cases e-mail addresses); undefined under Vitest. */
function playwrightTest(): string | undefined {
  if (process.env.VITEST) return undefined;
  const { test } = createRequire(import.meta.url)('@playwright/test') as typeof import('@playwright/test');
  const info = test.info();
  return `${info.testId.toLowerCase().replace(/[^a-z0-9]/g, '')}r${info.retry}`;
}

function currentFile(): string {
  const testPath = expect.getState().testPath;
  if (!testPath) throw new Error('unique names are made inside a test or a hook');
  return path.relative(testsDir, testPath).split(path.sep).join('/');
}

/** This test file's number, from 0. */
export function fileNumber(): number {
  const n = files.indexOf(currentFile());
  if (n < 0) throw new Error(`${currentFile()} is not a test file under tests/api or tests/unit`);
  return n;
}

let counter = 0;

/** `tag-<file>-<n>`: letters, digits and dashes, e.g. `shopper-api-accounts-3`. */
export function uniqueName(tag: string): string {
  const e2e = playwrightTest();
  if (e2e) return `${tag}-e2e-${e2e}-${++counter}`;
  const file = currentFile()
    .replace(/\.test\.ts$/, '')
    .replace(/[^a-z0-9]+/gi, '-');
  return `${tag}-${file}-${++counter}`;
}

/** An upper-case code (a coupon's): the prefix, this file's number and a counter, e.g. `ONCE7X2`. */
export function uniqueCode(prefix: string): string {
  const e2e = playwrightTest();
  if (e2e) return `${prefix}${e2e.toUpperCase()}X${++counter}`;
  return `${prefix}${fileNumber()}X${++counter}`;
}

/** A loopback address (all of 127.0.0.0/8 reaches this machine) of this file's own, so per-address counts start at zero. */
export function freshAddress(): string {
  const n = ++counter;
  return `127.${20 + fileNumber()}.${Math.floor(n / 250)}.${(n % 250) + 2}`;
}
