// `npm run staff -- add EMAIL --role owner|manager|editor | list | disable EMAIL | enable EMAIL | reset EMAIL | role EMAIL --role R`:
// back-office staff accounts on the database named by DATABASE_URL (docs/staff.md); the password comes from standard input or a hidden prompt.
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('staff', process.argv.slice(2));
