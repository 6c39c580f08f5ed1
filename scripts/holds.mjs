// `npm run holds -- list [--all] | release ID`: diamond holds on the database named by DATABASE_URL
// (docs/api.md, "Diamond holds").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('holds', process.argv.slice(2));
