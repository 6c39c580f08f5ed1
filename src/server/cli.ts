/**
 * The database command line, bundled by scripts/build.mjs into dist/cli/cli.mjs:
 *   prepare            check DATABASE_URL, migrate, seed an empty database (SEED_DIAMONDS stones)
 *   seed --diamonds N  erase the database and seed the demo shop with N diamonds
 *   import FILE [--replace] [--dry-run] [--markup FILE] [--source NAME]
 *                      import a diamond stock file (CSV or JSON Lines) into the shop (src/server/feeds/)
 *   orders list|ship|cancel|refund|mark-paid|expire …   the staff's order commands (src/server/orders/orders-cli.ts)
 */
import { config } from './config.ts';
import { assertReachable, DatabaseUnreachableError, openDatabase, type Connection } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isEmpty, seed } from './db/seed/seed.ts';
import { eraseDatabase } from './db/erase.ts';
import { DatabaseUrlError, redact } from './db/url.ts';
import { runImport } from './feeds/import-cli.ts';
import { runOrders } from './orders/orders-cli.ts';
import { CliUsageError } from './feeds/import-args.ts';
import { FeedHeaderError } from './feeds/feed-columns.ts';
import { FeedFormatError } from './feeds/feed-reader.ts';
import { MarkupFileError } from './feeds/markup.ts';

const usage = 'usage: cli.mjs prepare | seed [--diamonds N] | import FILE [--replace] [--dry-run] [--markup FILE] [--source NAME] | orders …';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'import') {
    process.exitCode = await runImport(rest);
    return;
  }
  if (command === 'orders') {
    process.exitCode = await runOrders(rest);
    return;
  }
  if (command !== 'prepare' && command !== 'seed') throw new UsageError(usage);
  const diamonds = command === 'seed' ? parseDiamonds(rest) : config.seedDiamonds;
  const url = config.databaseUrl;
  const conn = await openDatabase(url);
  try {
    await assertReachable(conn, url);
    if (command === 'seed') await eraseDatabase(conn);
    const applied = await migrateToLatest(conn.db);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    if (command === 'seed' || (await isEmpty(conn.db))) await runSeed(conn, url, diamonds);
  } finally {
    await conn.close();
  }
}

async function runSeed(conn: Connection, url: string, diamonds: number) {
  const tty = process.stdout.isTTY;
  const summary = await seed(conn, {
    diamonds,
    onProgress: (done, total) => {
      if (tty) process.stdout.write(`\rSeeding diamonds: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${Math.floor((done / total) * 100)}%)`);
    },
  });
  if (tty && diamonds > 0) process.stdout.write('\n');
  console.log(
    `Seeded ${summary.products} products (${summary.variants} variants) and ${summary.diamonds.toLocaleString('en-US')} diamonds ` +
      `into ${conn.kind} ${redact(url)} in ${(summary.ms / 1000).toFixed(1)} s`,
  );
}

function parseDiamonds(args: string[]): number {
  const i = args.indexOf('--diamonds');
  if (i === -1) return config.seedDiamonds;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 5_000_000) throw new UsageError('--diamonds takes a whole number from 0 to 5000000');
  return n;
}

class UsageError extends CliUsageError {}

/** Errors the operator can act on: their message says what to fix, without a stack. */
const OPERATOR_ERRORS = [CliUsageError, DatabaseUrlError, DatabaseUnreachableError, FeedHeaderError, FeedFormatError, MarkupFileError];

main(process.argv.slice(2)).catch((error: unknown) => {
  if (OPERATOR_ERRORS.some((kind) => error instanceof kind)) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
