/**
 * Readiness of this app server: the database answers and its schema is current. Memoised, so every
 * request awaits the same promise and only the first one pays. Seeding is not done here: the start
 * script does it once (see src/server/runtime/cli.ts), so that several app servers never seed at once.
 */
import { assertReachable, getConnection, type Connection } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { config } from '../config/config.ts';
import { warmDiamondIndex } from '../diamonds/diamond-sync.ts';
import { startExpiryTimer } from '../orders/order-lifecycle.ts';
import { loadShopMode } from '../shop/shop-mode.ts';
import { registerAppMetrics } from '../observe/app-metrics.ts';
import { recordPaymentWindows } from '../orders/payment-windows.ts';
import { startMailSender } from '../mail/outbox-sender.ts';
import { startAnalyticsPruning } from '../analytics/retention.ts';
import { startAlertTimer } from '../alerts/alert-pass.ts';

let ready: Promise<Connection> | undefined;

export function whenReady(): Promise<Connection> {
  ready ??= (async () => {
    const conn = await getConnection();
    await assertReachable(conn, config.databaseUrl);
    await migrateToLatest(conn.db);
    // The demo flag (app_demo in every page's shop configuration) is what the database holds.
    await loadShopMode(conn.db);
    await recordPaymentWindows(conn.db);
    // Not awaited: the server answers at once; the first diamond search waits for the index if need be.
    warmDiamondIndex(conn.db);
    // Unpaid orders past their payment window are cancelled on a timer (and on demand before stone reads).
    startExpiryTimer(conn.db);
    registerAppMetrics(conn.db);
    // Each app server delivers the mail outbox; a message is taken by one of them (src/server/mail/outbox.ts).
    startMailSender(conn.db);
    // Analytics events past ANALYTICS_RETENTION_DAYS are deleted now and every hour.
    startAnalyticsPruning(conn.db);
    // Price-drop, back-in-stock and saved-search alerts follow the diamond change log (src/server/alerts/).
    startAlertTimer(conn.db);
    return conn;
  })();
  // A failed start is retried by the next request rather than remembered forever.
  ready.catch(() => (ready = undefined));
  return ready;
}
