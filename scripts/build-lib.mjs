// Builds the shop into a release folder of its own and switches to it in one step:
//   releases/<id>/{server,client,cli}   one build each (<id>: when it was built and by which process)
//   dist → releases/<id>                 a symbolic link, replaced atomically (rename) once a build is whole
// Servers already running keep the release they started from (Node resolved their modules to the
// release's real path), so building never breaks them; they move to the new build when they are replaced
// (`npm run reload`, SIGHUP to the primary: scripts/workers.mjs). A build that fails leaves `dist` as it was.
// Old releases are deleted, except the newest KEEP_RELEASES and any a live server leases
// (releases/<id>/in-use/<pid>, written by src/server/runtime/serve-lifecycle.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const releasesDir = path.join(root, 'releases');
export const current = path.join(root, 'dist');
const stamp = path.join(current, '.build-stamp');
const inputs = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const KEEP_RELEASES = 3;

/** A build that did not finish: its message says why; `dist` still names the release before it. */
export class BuildError extends Error {}

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The release `dist` names now (its folder name), or null when there is none. */
export function currentRelease() {
  try {
    return path.basename(fs.realpathSync(current));
  } catch {
    return null;
  }
}

export function isStale() {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(current, 'server/serve.mjs')) || !fs.existsSync(path.join(current, 'cli/cli.mjs'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((p) => newestMtime(path.join(root, p)) > built);
}

function releaseId() {
  return `${new Date().toISOString().replace(/[-:]/g, '').replace('.', '')}-${process.pid}`;
}

/** Builds a new release and makes it current; throws BuildError (and deletes the half-built folder) on failure. */
export async function build({ check = false } = {}) {
  const started = performance.now();
  const id = releaseId();
  const out = path.join(releasesDir, id);
  fs.mkdirSync(out, { recursive: true });
  try {
    if (check) {
      // A type error fails the build too (astro check: TypeScript over src/ and tests/).
      const checked = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'check'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      if (checked.status !== 0) throw new BuildError(`The build failed: astro check found errors (listed above)`);
    }
    // Always a production build, whoever asks (the test suites run with NODE_ENV=test): under another
    // NODE_ENV the server chunks call React's jsxDEV, which the production server's React (serve.ts sets
    // NODE_ENV=production) does not have.
    const astro = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (astro.status !== 0) throw new BuildError(`The build failed: astro build exited with ${astro.status ?? astro.signal} (its output is above)`);
    const { build: viteBuild } = await import('vite');
    const bundle = (entry, dir, name, empty) =>
      viteBuild({
        root,
        configFile: false,
        logLevel: 'warn',
        resolve: { tsconfigPaths: true },
        build: { ssr: entry, outDir: path.join(out, dir), emptyOutDir: empty, target: 'node22', rollupOptions: { output: { entryFileNames: name } } },
      });
    try {
      await bundle('src/server/runtime/cli.ts', 'cli', 'cli.mjs', true);
      // The production server (src/server/runtime/serve.ts): the adapter's handler with compression and headers.
      await bundle('src/server/runtime/serve.ts', 'server', 'serve.mjs', false);
    } catch (error) {
      throw new BuildError(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    fs.writeFileSync(path.join(out, '.build-stamp'), new Date().toISOString());
  } catch (error) {
    fs.rmSync(out, { recursive: true, force: true });
    const before = currentRelease();
    if (error instanceof BuildError) error.message += before ? `; the shop keeps release ${before}` : '; there is no earlier build to keep';
    throw error;
  }
  switchTo(id);
  pruneReleases();
  console.log(`Built release ${id} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return id;
}

/** Points `dist` at releases/<id> in one rename (a `dist` folder of an older version is moved into releases/ first). */
function switchTo(id) {
  const st = fs.lstatSync(current, { throwIfNoEntry: false });
  if (st && !st.isSymbolicLink()) fs.renameSync(current, path.join(releasesDir, `0-before-releases-${releaseId()}`));
  const link = path.join(root, `.dist-${process.pid}`);
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.join('releases', id), link);
  fs.renameSync(link, current);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Releases a live server runs from (their in-use leases); dead processes' leases are removed. */
function leased(dir) {
  const leases = path.join(dir, 'in-use');
  if (!fs.existsSync(leases)) return false;
  let live = false;
  for (const pid of fs.readdirSync(leases)) {
    if (alive(Number(pid))) live = true;
    else fs.rmSync(path.join(leases, pid), { force: true });
  }
  return live;
}

export function pruneReleases() {
  if (!fs.existsSync(releasesDir)) return;
  const now = currentRelease();
  const all = fs
    .readdirSync(releasesDir)
    .filter((name) => fs.statSync(path.join(releasesDir, name)).isDirectory())
    .sort()
    .reverse();
  for (const name of all.slice(KEEP_RELEASES)) {
    const dir = path.join(releasesDir, name);
    // A folder still being built by another process has no stamp yet: leave it to that build.
    if (name === now || leased(dir) || !fs.existsSync(path.join(dir, '.build-stamp'))) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds when the sources changed since the current release (or there is none); returns whether it built. */
export async function buildIfStale(options) {
  if (!isStale()) return false;
  await build(options);
  return true;
}

/**
 * `npm run <verb>` for the database CLI: builds when stale, runs `dist/cli/cli.mjs <command> …args` from
 * the project folder and exits with its status. INIT_CWD (set by npm) tells the CLI where the caller
 * stood, so that file arguments are read relative to it.
 */
export async function runCli(command, args) {
  await buildOrSay();
  const env = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };
  const r = spawnSync(process.execPath, [path.join(current, 'cli/cli.mjs'), command, ...args], { cwd: root, stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}

/**
 * buildIfStale for the commands: a failed build is one line on stderr; with an earlier release the
 * command goes on with it (`fallback`: true), without one it exits 1.
 */
export async function buildOrSay({ fallback = true, check = false } = {}) {
  try {
    await buildIfStale({ check });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    if (!fallback || !currentRelease()) process.exit(1);
  }
}
