import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function isStale() {
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(root, 'dist/server/serve.mjs')) || !fs.existsSync(path.join(root, 'dist/cli/cli.mjs'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((p) => newestMtime(path.join(root, p)) > built);
}

export async function build() {
  const started = performance.now();
  // Always a production build, whoever asks (the test suites run with NODE_ENV=test): under another
  // NODE_ENV the server chunks call React's jsxDEV, which the production server's React (serve.ts sets
  // NODE_ENV=production) does not have.
  const astro = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (astro.status !== 0) process.exit(astro.status ?? 1);
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    build: {
      ssr: 'src/server/cli.ts',
      outDir: 'dist/cli',
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { output: { entryFileNames: 'cli.mjs' } },
    },
  });
  // The production server (src/server/serve.ts): the adapter's handler with compression and headers.
  await viteBuild({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { tsconfigPaths: true },
    build: {
      ssr: 'src/server/serve.ts',
      outDir: 'dist/server',
      emptyOutDir: false,
      target: 'node22',
      rollupOptions: { output: { entryFileNames: 'serve.mjs' } },
    },
  });
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function buildIfStale() {
  if (isStale()) await build();
}

/**
 * `npm run <verb>` for the database CLI: builds when stale, runs `dist/cli/cli.mjs <command> …args` from
 * the project folder and exits with its status. INIT_CWD (set by npm) tells the CLI where the caller
 * stood, so that file arguments are read relative to it.
 */
export async function runCli(command, args) {
  await buildIfStale();
  const env = { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() };
  const r = spawnSync(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), command, ...args], { cwd: root, stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}
