// Serves the production build on a fresh SQLite database for the Playwright run, until killed.
// A real SMTP server (tests/support/mailbox.ts) receives the shop's e-mail; its folder and the database
// path are written to e2eStateFile() (tests/support/e2e-state.ts) so that tests can read the mail and
// change rows (seed orders, sell a stone).
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../support/server.ts';
import { e2ePort, e2eStateFile, type E2eState } from '../support/e2e-state.ts';
import { startMailbox } from '../support/mailbox.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';

const port = e2ePort();
const mailbox = await startMailbox(path.join(path.dirname(e2eStateFile(port)), `shop-e2e-mail-${port}`));
// ADMIN_TOKEN: diamond-import.spec.ts imports a stock file over HTTP (tests/support/admin.ts).
// SHOP_TEST_KNOBS: a test may shorten the island load time-out (src/features/shell/island-load.ts).
// PAYMENT_TEST_GATEWAY: the production build takes test cards here on purpose (refused otherwise).
const server = await startServer('sqlite', {
  port,
  diamonds: 3000,
  env: { SMTP_URL: mailbox.url, ADMIN_TOKEN, SHOP_TEST_KNOBS: '1', PAYMENT_TEST_GATEWAY: '1', FETCH_PRIVATE_NETWORKS: '1' },
});
const state: E2eState = { url: server.url, databaseUrl: server.databaseUrl, mailDir: mailbox.dir };
fs.writeFileSync(e2eStateFile(port), JSON.stringify(state));
console.log(`e2e server at ${server.url}`);
const stop = () =>
  Promise.all([server.stop(), mailbox.stop()]).then(() => {
    fs.rmSync(e2eStateFile(port), { force: true });
    process.exit(0);
  });
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
