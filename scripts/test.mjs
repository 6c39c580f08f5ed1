// `npm test`: every check a change must pass, then one closing line "N passed, N failed".
//   1. type check (astro check)   2. format, lint, import boundaries and unused exports (Biome, dependency-
//   cruiser, knip: docs/architecture.md)   3. production build   4. Vitest: unit, and API on SQLite and
//   PostgreSQL   5. Playwright end-to-end in Debian's Chromium (with axe)   6. the JavaScript budget check
// PostgreSQL: TEST_DATABASE_URL names a server (each test server gets a fresh database); unset, every test
// server gets an in-memory PGlite served over the PostgreSQL wire protocol (tests/support/pg-wire.ts).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'var/test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
process.env.ASTRO_TELEMETRY_DISABLED = '1';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (title, cmd, args) => {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
};

ensureChromium();
const tally = { passed: 0, failed: 0 };
const failures = [];
const count = (ok, title) => {
  if (ok) return void tally.passed++;
  tally.failed++;
  failures.push(title);
};

count(run('Type check (astro check)', bin('astro'), ['check']), 'astro check');
// One format (`npm run format` writes it), the linter, the import boundaries and no unused export.
count(run('Format check (Biome)', bin('biome'), ['format']), 'format check (npm run format)');
count(run('Lint (Biome)', bin('biome'), ['lint']), 'lint');
count(
  run('Import boundaries (dependency-cruiser)', bin('depcruise'), [
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--ignore-known',
    '.dependency-cruiser-known-violations.json',
    '--output-type',
    'err',
  ]),
  'import boundaries',
);
count(run('Unused exports and files (knip)', bin('knip'), []), 'unused exports (knip)');
const built = run('Build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
count(built, 'build');

if (built) {
  run('Unit and API tests (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${results}/vitest.json`]);
  addVitest(path.join(results, 'vitest.json'));
  // The browser tests' server listens on a port the kernel has just handed out, not a fixed one.
  // (A .ts module, imported once this process is the modern Node that strips its types.)
  const { freePort } = await import('../tests/support/free-port.ts');
  process.env.E2E_PORT ||= String(await freePort());
  run('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']);
  addPlaywright(path.join(results, 'e2e.json'));
}

// The failures again, last, so that the tail of a long log names them.
for (const name of failures) console.log(`FAILED: ${name}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 && tally.passed > 0 ? 0 : 1);

function addVitest(file) {
  if (!fs.existsSync(file)) return void tally.failed++;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of r.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) failures.push(`${path.relative(root, suite.name)} › ${t.fullName}`);
    // Nothing is skipped: a test that did not run is counted as failed, by name.
    const skipped = (suite.assertionResults ?? []).filter((t) => ['skipped', 'pending', 'todo', 'disabled'].includes(t.status));
    for (const t of skipped) failures.push(`${path.relative(root, suite.name)} › ${t.fullName} (skipped)`);
    tally.failed += skipped.length;
    if (suite.status === 'failed' && failed.length === 0)
      failures.push(`${path.relative(root, suite.name)}: ${suite.message?.split('\n')[0] ?? 'suite failed'}`);
  }
  tally.passed += r.numPassedTests;
  tally.failed += r.numFailedTests + (r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? r.numFailedTestSuites : 0);
  if (r.numTotalTests === 0) tally.failed++;
}

function addPlaywright(file) {
  if (!fs.existsSync(file)) return void tally.failed++;
  const { stats, errors = [], suites = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`[${t.projectName}] ${[...trail, spec.title].join(' › ')}`);
        if (t.status === 'skipped') failures.push(`[${t.projectName}] ${[...trail, spec.title].join(' › ')} (skipped)`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const s of suites) walk(s, [s.title]);
  for (const e of errors) failures.push(`playwright: ${String(e.message ?? e).split('\n')[0]}`);
  tally.passed += stats.expected + stats.flaky;
  tally.failed += stats.unexpected + stats.skipped + errors.length;
  if (stats.expected + stats.unexpected + stats.flaky === 0) tally.failed++;
}

function ensureChromium() {
  const exe = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(exe)) return;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package");
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
  }
  if (!fs.existsSync(exe)) {
    console.error(`No Chromium at ${exe}: install Debian's chromium package (or set CHROMIUM_PATH) to run the browser tests.`);
  }
}
