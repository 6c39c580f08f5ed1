// `npm run import:diamonds -- FILE [--replace] [--dry-run] [--markup FILE] [--source NAME]`: import a
// diamond stock file into the database named by DATABASE_URL (builds first when the build is stale).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { buildIfStale } = await import('./build-lib.mjs');
await buildIfStale();
const r = spawnSync(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'import', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
