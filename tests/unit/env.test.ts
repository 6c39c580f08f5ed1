/**
 * The environment is declared once (src/server/config/env.ts): the README's table lists exactly those variables,
 * every variable the server's code reads is declared there, and a value that is not valid falls back to the
 * default and is named by envProblems().
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { env, envProblems, VARS } from '~/server/config/env.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The backquoted names in the first column of the README's "Environment" table. */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Environment'));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(file) : /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [file] : [];
  });
}

// Set by the server for a library, or by Astro at build time (import.meta.env.BASE_URL): not the shop's settings.
const NOT_SETTINGS = new Set(['ASTRO_NODE_AUTOSTART', 'BASE_URL']);

describe('environment variables', () => {
  it('the README table lists every variable of src/server/config/env.ts, and only those', () => {
    const declared = Object.keys(VARS).sort();
    const documented = [...new Set(readmeVariables())].sort();
    expect(
      documented.filter((name) => !declared.includes(name)),
      'in the README, not in src/server/config/env.ts',
    ).toEqual([]);
    expect(
      declared.filter((name) => !documented.includes(name)),
      'in src/server/config/env.ts, not in the README',
    ).toEqual([]);
  });

  it('every variable the code under src/ reads is declared in src/server/config/env.ts', () => {
    const read = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const source = fs.readFileSync(file, 'utf8');
      for (const m of source.matchAll(/(?:process\.env|\benv)\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|\benv\(['"]([A-Z][A-Z0-9_]*)['"]/g))
        read.add(m[1] ?? m[2] ?? m[3]!);
      for (const m of source.matchAll(/\bpositive\(['"]([A-Z][A-Z0-9_]*)['"]/g)) read.add(m[1]!);
    }
    const undeclared = [...read].filter((name) => !(name in VARS) && !NOT_SETTINGS.has(name)).sort();
    expect(undeclared).toEqual([]);
  });

  it('only src/server/config/env.ts reads the environment: other modules ask env(NAME)', () => {
    const readers: string[] = [];
    for (const file of sourceFiles(path.join(root, 'src'))) {
      if (file.endsWith(path.join('server', 'env.ts'))) continue;
      const source = fs.readFileSync(file, 'utf8');
      // A read: process.env.NAME or process.env[…] not being assigned. Setting a variable for a library is not a read.
      for (const m of source.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)(?![A-Z0-9_])|\[)(?!\s*(?:\|\|)?=[^=])/g))
        readers.push(`${path.relative(root, file)}: ${m[0]}`);
    }
    expect(readers).toEqual([]);
  });

  it('answers the checked value, or the default for a value that is unset, blank or not valid', () => {
    expect(env('MAIL_MAX_ATTEMPTS', {})).toBe(10);
    expect(env('MAIL_MAX_ATTEMPTS', { MAIL_MAX_ATTEMPTS: ' 4 ' })).toBe(4);
    expect(env('MAIL_MAX_ATTEMPTS', { MAIL_MAX_ATTEMPTS: '' })).toBe(10);
    expect(env('MAIL_MAX_ATTEMPTS', { MAIL_MAX_ATTEMPTS: 'ten' })).toBe(10);
    expect(env('MAIL_MAX_ATTEMPTS', { MAIL_MAX_ATTEMPTS: '101' })).toBe(10);
    expect(env('UNPAID_CARD_HOLD_MINUTES', { UNPAID_CARD_HOLD_MINUTES: '2.5' })).toBeUndefined();
    expect(env('SITE_URL', { SITE_URL: ' https://shop.example ' })).toBe('https://shop.example');
  });

  it('names each variable set to a value that is not valid', () => {
    expect(envProblems({ MAIL_MAX_ATTEMPTS: '4', SMTP_URL: 'smtp://x' })).toEqual([]);
    const problems = envProblems({ MAIL_MAX_ATTEMPTS: 'ten', SHOP_DEMO: 'yes', PORT: '' });
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.startsWith('MAIL_MAX_ATTEMPTS'))).toMatch(/^MAIL_MAX_ATTEMPTS="ten" is not valid \(.+\): the default 10 is used$/);
    expect(problems.find((p) => p.startsWith('SHOP_DEMO'))).toMatch(/^SHOP_DEMO="yes" is not valid \(.+\): it is ignored$/);
  });
});
