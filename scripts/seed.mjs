// `npm run seed -- --diamonds N`: erase the database named by DATABASE_URL and seed the demo shop.
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('seed', process.argv.slice(2));
