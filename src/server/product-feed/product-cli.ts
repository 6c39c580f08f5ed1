/**
 * `npm run import:products -- FILE.csv [--dry-run] [--replace]` and `npm run export:products -- FILE.csv
 * [--origin URL]` (dist/cli/cli.mjs import-products | export-products), on the database DATABASE_URL
 * names. Image Src file names are read beside the CSV. One summary line at the end (stdout), every
 * refused row with its line and reasons before it (stderr).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { config } from '~/server/config/config.ts';
import { callerPath } from '~/server/config/env.ts';
import { assertReachable, openDatabase } from '~/server/db/database.ts';
import { migrateToLatest } from '~/server/db/migrate.ts';
import { CliUsageError } from '~/server/feeds/import-args.ts';
import { importProducts, type ProductImportSummary } from './product-import.ts';
import { exportProducts } from './product-export.ts';

const IMPORT_USAGE = 'usage: npm run import:products -- FILE.csv [--dry-run] [--replace]';
const EXPORT_USAGE = 'usage: npm run export:products -- FILE.csv [--origin https://your.shop]';
const n = (v: number) => v.toLocaleString('en-US');

export function productSummaryLine(s: ProductImportSummary): string {
  return (
    `${s.dry_run ? 'Dry run (nothing written): ' : ''}read ${n(s.read)} rows of ${n(s.products)} products: inserted ${n(s.inserted)}, updated ${n(s.updated)}, ` +
    `unchanged ${n(s.unchanged)}, delisted ${n(s.delisted)}, rejected ${n(s.rejected)} rows; ${n(s.photos)} photographs processed (${(s.ms / 1000).toFixed(1)} s)`
  );
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const url = config.databaseUrl;
  const conn = await openDatabase(url);
  try {
    await assertReachable(conn, url);
    await migrateToLatest(conn.db);
    return await work(conn.db);
  } finally {
    await conn.close();
  }
}

export async function runProductImport(args: string[]): Promise<number> {
  const files = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--dry-run' && a !== '--replace');
  if (unknown.length) throw new CliUsageError(`unknown option ${unknown[0]}\n${IMPORT_USAGE}`);
  if (files.length !== 1) throw new CliUsageError(`${files.length ? 'one file at a time' : 'which file?'}\n${IMPORT_USAGE}`);
  const file = callerPath(files[0]!);
  if (!fs.existsSync(file)) throw new CliUsageError(`No such file: ${file}`);
  const summary = await withDatabase((db) =>
    importProducts(db, fs.createReadStream(file, { highWaterMark: 1 << 20 }), {
      dryRun: args.includes('--dry-run'),
      replace: args.includes('--replace'),
      baseDir: path.dirname(file),
    }),
  );
  for (const r of summary.rejections) console.error(`line ${r.line}${r.handle ? ` (${r.handle})` : ''}: ${r.reasons.join('; ')}`);
  if (summary.ignored_columns.length) console.error(`Columns not imported: ${summary.ignored_columns.join(', ')}`);
  console.log(productSummaryLine(summary));
  return 0;
}

export async function runProductExport(args: string[]): Promise<number> {
  let origin: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--origin') origin = args[++i];
    else if (args[i]!.startsWith('--')) throw new CliUsageError(`unknown option ${args[i]}\n${EXPORT_USAGE}`);
    else files.push(args[i]!);
  }
  if (files.length !== 1) throw new CliUsageError(`${files.length ? 'one file at a time' : 'which file?'}\n${EXPORT_USAGE}`);
  if (origin !== undefined && !/^https?:\/\/[^/]+\/?$/.test(origin))
    throw new CliUsageError(`--origin takes the shop's address, e.g. https://shop.example\n${EXPORT_USAGE}`);
  const file = callerPath(files[0]!);
  let lines = 0;
  await withDatabase(async (db) => {
    const temp = `${file}.${process.pid}.tmp`;
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const line of exportProducts(db, origin)) {
            lines++;
            yield line;
          }
        })(),
      ),
      fs.createWriteStream(temp),
    );
    fs.renameSync(temp, file);
  });
  console.log(`Exported ${n(Math.max(0, lines - 1))} rows to ${file}`);
  return 0;
}
