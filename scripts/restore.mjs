// `npm run restore -- FILE [--force]`: see src/server/db/backup.ts (SQLite; PostgreSQL: docs/deploy.md, Backups).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('restore', process.argv.slice(2));
