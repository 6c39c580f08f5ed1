// `npm run reload [-- --no-check]`: a zero-downtime reload of the shop running on PORT (default 4321).
// Builds first when the sources changed (with astro check, so that a type error fails too; --no-check
// skips it): a build that fails exits 1 with why, and the running shop is not touched. Then it sends
// SIGHUP to the shop's primary (found in VAR_DIR/run/shop-PORT.json, scripts/workers.mjs), which migrates
// and replaces its workers one at a time, and waits for the outcome, which it prints (exit 0 or 1).
import { ensureModernNode } from './node.mjs';
ensureModernNode();

import fs from 'node:fs';

const { stateFile } = await import('./workers.mjs');
const { buildOrSay } = await import('./build-lib.mjs');
const port = Number(process.env.PORT || 4321);
const file = stateFile(port);

function readState() {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const state = readState();
const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
if (!state || !running(state.pid)) {
  console.error(`No shop is running on PORT ${port} (${state ? `its primary ${state.pid} is gone` : `no ${file}`}): start it with npm start`);
  process.exit(1);
}
await buildOrSay({ fallback: false, check: !process.argv.includes('--no-check') });
const before = state.reload?.seq ?? 0;
// The build is done (or was current): the primary's own build step then finds nothing stale.
process.kill(state.pid, 'SIGHUP');
const deadline = Date.now() + 10 * 60_000;
for (;;) {
  const now = readState();
  if (now?.reload && now.reload.seq > before && now.reload.finished) {
    (now.reload.ok ? console.log : console.error)(now.reload.message);
    process.exit(now.reload.ok ? 0 : 1);
  }
  if (!now || !running(state.pid)) {
    console.error(`The shop's primary ${state.pid} stopped during the reload`);
    process.exit(1);
  }
  if (Date.now() > deadline) {
    console.error(`No outcome after 10 minutes: see the shop's log`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
