// `npm run backup -- FILE [--force]`: see src/server/db/backup.ts (SQLite; PostgreSQL: docs/deploy.md, Backups).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('backup', process.argv.slice(2));
