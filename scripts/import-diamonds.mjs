// `npm run import:diamonds -- FILE [--replace] [--dry-run] [--markup FILE] [--source NAME]`: import a
// diamond stock file into the database named by DATABASE_URL (docs/api.md, "Diamond inventory import").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('import', process.argv.slice(2));
