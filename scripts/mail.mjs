// `npm run mail -- list [--failed] | resend ID`: the mail outbox on the database named by DATABASE_URL
// (docs/api.md, "Mail outbox").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('mail', process.argv.slice(2));
