// `npm start`: check the port, build when missing or stale (a failed build says why and the shop starts on
// the release before it, if there is one), migrate (and seed the demo shop into an empty database unless
// this is a production start: src/server/runtime/cli.ts), then serve on PORT in WEB_CONCURRENCY worker processes
// (scripts/workers.mjs: SIGTERM drains them, SIGHUP reloads them one at a time on a new build).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { serveWithWorkers, workerCount, portProblem } = await import('./workers.mjs');
let workers;
try {
  workers = workerCount();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.PORT ||= '4321';
process.env.HOST ||= '0.0.0.0';
// The demo shop (the README's first command: NODE_ENV is not production and SHOP_DEMO is not 0) takes
// test cards (4242 4242 4242 4242) when no card provider is set: it sells nothing real. A production start
// offers cards only through a provider (src/server/payments/payment-settings.ts).
if (process.env.NODE_ENV !== 'production' && process.env.SHOP_DEMO?.trim() !== '0' && !process.env.PAYMENT_PROVIDER?.trim()) {
  process.env.PAYMENT_TEST_GATEWAY ||= '1';
}
const port = Number(process.env.PORT);
const host = process.env.HOST;

/** Resolves when nothing listens on host:port (tried by listening there a moment); else one line and exit 1. */
function assertPortFree() {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error) => {
      console.error(error.code === 'EADDRINUSE' ? portProblem(port, host) : `PORT ${port} on ${host} cannot be opened: ${error.message}`);
      process.exit(1);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a whole number from 1 to 65535, not ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}
await assertPortFree();

const { buildOrSay } = await import('./build-lib.mjs');
await buildOrSay({ fallback: true });

const prepared = await new Promise((resolve) => {
  const child = spawn(process.execPath, [path.join(root, 'dist/cli/cli.mjs'), 'prepare'], { cwd: root, stdio: 'inherit' });
  child.on('close', (status) => resolve(status));
});
if (prepared !== 0) process.exit(prepared ?? 1);

// The adapter's handler behind compression and security headers (src/server/runtime/serve.ts).
const entry = path.join(root, 'dist/server/serve.mjs');
await serveWithWorkers(entry, workers, { port, host });
console.log(`The shop is open at http://localhost:${port}/ (${workers} worker${workers === 1 ? '' : 's'})`);
