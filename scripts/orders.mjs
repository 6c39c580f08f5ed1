// `npm run orders -- list [--status S] | ship <increment_id> --carrier C --tracking T | cancel <increment_id> | expire`:
// the staff's order commands on the database named by DATABASE_URL (docs/api.md, "Order lifecycle").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('orders', process.argv.slice(2));
