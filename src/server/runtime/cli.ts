/**
 * The database command line, bundled by scripts/build.mjs into dist/cli/cli.mjs:
 *   prepare            check DATABASE_URL, migrate; a demo start (SHOP_DEMO, src/server/shop/shop-mode.ts)
 *                      seeds an empty database with the demo shop (SEED_DIAMONDS stones), a production
 *                      start leaves it empty and says so
 *   seed [--diamonds N] [--force]
 *                      erase the database and seed the demo shop with N diamonds (refused when the
 *                      database holds orders, unless --force)
 *   backup FILE [--force]    a consistent copy of the SQLite database while the shop runs (src/server/db/backup.ts)
 *   restore FILE [--force]   put a backup back (a live database only with --force)
 *   import FILE [--replace] [--dry-run] [--markup FILE] [--source NAME]
 *                      import a diamond stock file (CSV or JSON Lines) into the shop (src/server/feeds/)
 *   import-products FILE [--dry-run] [--replace] | export-products FILE [--origin URL]
 *                      products in and out as Shopify's product CSV (src/server/product-feed/)
 *   orders list|ship|cancel|refund|mark-paid|expire …   the staff's order commands (src/server/orders/orders-cli.ts)
 *   mail list [--failed] | resend ID   the mail outbox (src/server/mail/mail-cli.ts)
 *   holds list [--all] | release ID     diamond holds (src/server/holds/holds-cli.ts)
 *   staff add|list|disable|enable|reset|role …   back-office staff accounts (src/server/staff/staff-cli.ts)
 */
import { config } from '../config/config.ts';
import { callerPath } from '../config/env.ts';
import { mailQueued } from '../mail/mailer.ts';
import { assertReachable, closeSharedConnection, DatabaseUnreachableError, openDatabase, type Connection } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isEmpty, seed } from '../db/seed/seed.ts';
import { eraseDatabase } from '../db/erase.ts';
import { DatabaseUrlError, redact } from '../db/url.ts';
import { runImport } from '../feeds/import-cli.ts';
import { runProductExport, runProductImport } from '../product-feed/product-cli.ts';
import { ProductFileError } from '../product-feed/shopify-csv.ts';
import { runOrders } from '../orders/orders-cli.ts';
import { runMail } from '../mail/mail-cli.ts';
import { runHolds } from '../holds/holds-cli.ts';
import { runStaff } from '../staff/staff-cli.ts';
import { CliUsageError } from '../feeds/import-args.ts';
import { FeedHeaderError } from '../feeds/feed-columns.ts';
import { FeedFormatError } from '../feeds/feed-reader.ts';
import { MarkupFileError } from '../feeds/markup.ts';
import { demoRequested, loadShopMode, ShopDemoError } from '../shop/shop-mode.ts';
import { BackupError, backupDatabase, restoreDatabase } from '../db/backup.ts';
import type { Db } from '../db/database.ts';

const usage =
  'usage: cli.mjs prepare | seed [--diamonds N] [--force] | backup FILE [--force] | restore FILE [--force] | import FILE [--replace] [--dry-run] [--markup FILE] [--source NAME] | orders … | mail … | holds …';

/** The commands that hand their arguments to a tool of their own, its exit code the process's. */
const TOOLS: Record<string, (args: string[]) => Promise<number>> = {
  import: runImport,
  'import-products': runProductImport,
  'export-products': runProductExport,
  orders: runOrders,
  mail: runMail,
  holds: runHolds,
  staff: runStaff,
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const tool = command && Object.hasOwn(TOOLS, command) ? TOOLS[command] : undefined;
  if (tool) {
    process.exitCode = await tool(rest);
    return;
  }
  if (command === 'backup' || command === 'restore') {
    await runBackup(command, rest);
    return;
  }
  if (command !== 'prepare' && command !== 'seed') throw new UsageError(usage);
  const diamonds = command === 'seed' ? parseDiamonds(rest) : config.seedDiamonds;
  const demo = command === 'seed' || demoRequested();
  const url = config.databaseUrl;
  const conn = await openDatabase(url);
  try {
    await assertReachable(conn, url);
    if (command === 'seed') {
      const orders = await countOrders(conn.db);
      if (orders > 0 && !rest.includes('--force')) {
        throw new UsageError(
          `${conn.kind} ${redact(url)} holds ${orders.toLocaleString('en-US')} order${orders === 1 ? '' : 's'}: npm run seed would erase ${orders === 1 ? 'it' : 'them'}. ` +
            'Back it up (npm run backup -- FILE) and run npm run seed -- --force to erase it anyway.',
        );
      }
      await eraseDatabase(conn);
    }
    const applied = await migrateToLatest(conn.db);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    if (command === 'seed' || (demo && (await isEmpty(conn.db)))) await runSeed(conn, url, diamonds);
    else if (await isEmpty(conn.db)) {
      console.log(`Production start on ${conn.kind} ${redact(url)}: no demo data seeded, the catalogue is empty (SHOP_DEMO=1 starts the demo shop instead).`);
    } else if (!demo && (await loadShopMode(conn.db))) {
      console.log(`This database holds the demo shop (its products, stones and coupons WELCOME10 and SPARKLE100): erase it for a real shop (docs/deploy.md).`);
    }
  } finally {
    await conn.close();
  }
}

async function runBackup(command: 'backup' | 'restore', args: string[]) {
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--force');
  if (files.length !== 1 || unknown.length) throw new UsageError(`usage: npm run ${command} -- FILE [--force]`);
  // FILE is where the operator stood (npm runs scripts from the project folder).
  const file = callerPath(files[0]!);
  const force = args.includes('--force');
  const url = config.databaseUrl;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const orders = (n: number) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;
  if (command === 'backup') {
    const done = await backupDatabase(url, file, { force });
    console.log(`Backed up sqlite ${redact(url)} to ${done.file} (${orders(done.orders)}, ${mb(done.bytes)}) in ${(done.ms / 1000).toFixed(1)} s`);
    return;
  }
  const done = await restoreDatabase(url, file, { force });
  console.log(
    `Restored ${file} into sqlite ${done.file} (${orders(done.orders)}, ${mb(done.bytes)}) in ${(done.ms / 1000).toFixed(1)} s` +
      (done.wasInUse ? ': restart the shop now, so that its servers read it afresh' : ': start the shop (an older backup is migrated forward)'),
  );
}

/** Orders in the database, or 0 when it has no orders table yet (a new or foreign database). */
async function countOrders(db: Db): Promise<number> {
  try {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } catch {
    return 0;
  }
}

async function runSeed(conn: Connection, url: string, diamonds: number) {
  const tty = process.stdout.isTTY;
  const summary = await seed(conn, {
    diamonds,
    onProgress: (done, total) => {
      if (tty)
        process.stdout.write(`\rSeeding diamonds: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${Math.floor((done / total) * 100)}%)`);
    },
  });
  if (tty && diamonds > 0) process.stdout.write('\n');
  console.log(
    `Seeded ${summary.products} products (${summary.variants} variants) and ${summary.diamonds.toLocaleString('en-US')} diamonds ` +
      `into ${conn.kind} ${redact(url)} in ${(summary.ms / 1000).toFixed(1)} s`,
  );
}

function parseDiamonds(args: string[]): number {
  const unknown = args.filter((a, i) => a.startsWith('-') && a !== '--diamonds' && a !== '--force' && args[i - 1] !== '--diamonds');
  if (unknown.length) throw new UsageError(`seed takes --diamonds N and --force, not ${unknown.join(' ')}`);
  const i = args.indexOf('--diamonds');
  if (i === -1) return config.seedDiamonds;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 5_000_000) throw new UsageError('--diamonds takes a whole number from 0 to 5000000');
  return n;
}

class UsageError extends CliUsageError {}

/** Errors the operator can act on: their message says what to fix, without a stack. */
const OPERATOR_ERRORS = [
  CliUsageError,
  ShopDemoError,
  BackupError,
  DatabaseUrlError,
  DatabaseUnreachableError,
  FeedHeaderError,
  FeedFormatError,
  MarkupFileError,
  ProductFileError,
];

main(process.argv.slice(2))
  // Mail a command made (a receipt after mark-paid, a refund's e-mail) is in the outbox before the process ends.
  .then(async () => {
    await mailQueued();
    await closeSharedConnection();
  })
  .catch((error: unknown) => {
    if (OPERATOR_ERRORS.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
