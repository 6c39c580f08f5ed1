/**
 * The diamond inventory import, shared by `npm run import:diamonds` and
 * POST /api/admin/diamonds/import. A stock file streams in; rows are read, mapped and checked
 * (feed-row.ts), then written a batch at a time, each batch in one transaction: an import stopped
 * halfway leaves every stone either as it was or as the file says, and running it again finishes it.
 *
 * - A stone is known by its lab and certificate number; a row that names a known stone updates it in
 *   place (same id, same URL); its stock number becomes the sku.
 * - A stone that is reserved or sold is never touched: its row is counted as skipped.
 * - Availability NA delists (hides) a stone; `replace` delists every listed stone of the source that
 *   the file does not name. Delisting never deletes: carts, wishlists and orders keep their rows.
 * - `dryRun` reads and checks everything, writes nothing, and reports what would have happened.
 */
import { importRows, importRuns } from '~/server/observe/metrics.ts';
import type { Db } from '~/server/db/database.ts';
import type { Markup } from '~/features/diamonds/markup.schema.ts';
import { excerpt, readLab } from './feed-codes.ts';
import { readRow, type FeedStone } from './feed-row.ts';
import { readFeed, type FeedFormat } from './feed-reader.ts';
import { withScratch, type ImportScratch } from './import-scratch.ts';
import {
  delistStones,
  insertStones,
  listedStones,
  refreshStatistics,
  sameStone,
  skuHolders,
  stonesByCertificate,
  updateStones,
  withFewerCheckpoints,
} from './import.repository.ts';
import type { z } from 'zod';
import { SOURCE_PATTERN, type importSummarySchema, type rejectionSchema } from './import.answers.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { mailImportFailed } from './import-failed-mail.ts';

export interface ImportOptions {
  format?: FeedFormat;
  replace?: boolean;
  dryRun?: boolean;
  source?: string;
  markup?: Markup;
  /** Rows checked before a batch is written. */
  batchSize?: number;
  onProgress?: (summary: ImportSummary) => void;
  /**
   * Told every rejected row, in file order (the summary lists the first 100): `--rejects FILE` and the
   * HTTP answer's CSV write them all. Awaited, so a slow writer holds the import back rather than piling up.
   */
  onRejection?: (rejection: Rejection) => void | Promise<void>;
}

export type Rejection = z.output<typeof rejectionSchema>;
export type ImportSummary = z.output<typeof importSummarySchema>;
export { SOURCE_PATTERN };
const MAX_REJECTIONS = 100;
/** Stones written by an import from which it refreshes the database's statistics (PostgreSQL). */
const ANALYZE_AFTER = 10_000;

interface Pending {
  line: number;
  stone: FeedStone;
}

/** A row read and checked on its own, before the checks against the rest of the file. */
interface Checked {
  line: number;
  sku: string | undefined;
  /** Lab and certificate number, when both read. */
  key: string | undefined;
  reasons: string[];
  stone: FeedStone | undefined;
}

export async function importDiamonds(db: Db, input: AsyncIterable<Uint8Array | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const source = options.source ?? 'default';
  if (!SOURCE_PATTERN.test(source))
    throw new Error(`The source name ${JSON.stringify(source)} must be letters, digits, dots, dashes or underscores (at most 64)`);
  try {
    const summary = await withScratch(db, (session, seen) => withFewerCheckpoints(session, () => run(session, seen, input, source, options)));
    importRuns.inc({ result: summary.dry_run ? 'dry_run' : 'done' });
    for (const outcome of ['inserted', 'updated', 'unchanged', 'delisted', 'rejected', 'skipped'] as const) importRows.inc({ outcome }, summary[outcome]);
    return summary;
  } catch (error) {
    importRuns.inc({ result: 'failed' });
    if (!options.dryRun) mailImportFailed('stock', `source ${source}`, error);
    throw error;
  }
}

async function run(db: Db, seen: ImportScratch, input: AsyncIterable<Uint8Array | string>, source: string, options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const dryRun = options.dryRun ?? false;
  const markup = options.markup ?? [];
  const batchSize = options.batchSize ?? 5000;
  const summary: ImportSummary = {
    source,
    dry_run: dryRun,
    replace: options.replace ?? false,
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    delisted: 0,
    rejected: 0,
    skipped: 0,
    rejections: [],
    unknown_columns: [],
    ms: 0,
  };
  /** Counts and hands on a batch's rejected rows, sorted: batches settle in file order, so all of them are. */
  const report = async (rejected: Rejection[]) => {
    rejected.sort((a, b) => a.line - b.line);
    for (const r of rejected) {
      summary.rejected++;
      if (summary.rejections.length < MAX_REJECTIONS) summary.rejections.push(r);
      await options.onRejection?.(r);
    }
  };

  let checked: Checked[] = [];
  /**
   * The batch being settled (settle: its checks against the rest of the file, its notes and its write).
   * It runs while the next rows are read and checked (on PostgreSQL the database works while this
   * process parses); the next batch waits for it, since the import holds one session and each batch
   * sees the ones before it.
   */
  let writing: Promise<void> | undefined;
  /** Hands the gathered rows on to settle, once the batch before is settled. */
  const flush = async () => {
    const rows = checked;
    checked = [];
    if (writing) await writing;
    writing = settle(rows);
    // Its failure surfaces where it is awaited (the next flush, or the end of the file).
    writing.catch(() => undefined);
  };
  /**
   * Checks rows against the rest of the file (the certificates it names, every one noted in `seen`; its
   * stock numbers: in a dry run also noted in `seen`, otherwise those of earlier batches are in the
   * database, where the sku check of writeBatch finds them), then writes the good ones.
   */
  const settle = async (rows: Checked[]) => {
    const rejected: Rejection[] = [];
    const reject = (line: number, stock: string | undefined, reasons: string[]) => {
      rejected.push({ line, stock_number: stock?.trim() ? excerpt(stock, 64) : null, reasons });
    };
    const keys = rows.flatMap((c) => (c.key ? [c.key] : []));
    const earlier = await seen.lookup('certificate', keys);
    const earlierSkus = dryRun
      ? await seen.lookup(
          'sku',
          rows.flatMap((c) => (c.stone && c.sku ? [c.sku] : [])),
        )
      : new Map<string, number>();
    const named = new Map<string, number>();
    const skus = new Map<string, number>();
    const batch: Pending[] = [];
    for (const c of rows) {
      const reasons = [...c.reasons];
      const first = c.key === undefined ? undefined : (earlier.get(c.key) ?? named.get(c.key));
      if (first !== undefined) reasons.push(`duplicate certificate ${c.key} in the file (first on line ${first})`);
      if (c.stone && c.sku && (skus.has(c.sku) || earlierSkus.has(c.sku)) && first === undefined)
        reasons.push(`duplicate stock number ${JSON.stringify(c.sku)} in the file`);
      if (c.key !== undefined && first === undefined) named.set(c.key, c.line);
      if (reasons.length || !c.stone) {
        reject(c.line, c.sku, reasons);
        continue;
      }
      if (c.sku) skus.set(c.sku, c.line);
      batch.push({ line: c.line, stone: c.stone });
    }
    await seen.note('certificate', named);
    if (dryRun) await seen.note('sku', skus);
    if (batch.length) await writeBatch(db, batch, source, dryRun, summary, reject);
    await report(rejected);
    options.onProgress?.(summary);
  };

  try {
    const unknown = (names: string[]) => void summary.unknown_columns.push(...names);
    for await (const record of readFeed(input, options.format, unknown)) {
      summary.read++;
      if (record.error) checked.push({ line: record.line, sku: undefined, key: undefined, reasons: [record.error], stone: undefined });
      else checked.push(check(record.line, record.raw, markup));
      if (checked.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    // Never leave a write running on the session when the file fails to read.
    await writing?.catch(() => undefined);
  }
  await writing;

  // Before the replace pass, and for the shop's own queries, the planner learns what a large import
  // changed (or what an earlier fill never told it).
  const written = summary.inserted + summary.updated + summary.delisted;
  if (!dryRun && (options.replace || written >= ANALYZE_AFTER)) await refreshStatistics(db);

  if (options.replace) {
    const now = new Date().toISOString();
    for await (const page of listedStones(db, source)) {
      const named = await seen.lookup(
        'certificate',
        page.map((s) => `${s.lab} ${s.certificate_number}`),
      );
      const gone = page.filter((s) => !named.has(`${s.lab} ${s.certificate_number}`)).map((s) => s.id);
      if (!gone.length) continue;
      if (dryRun) summary.delisted += gone.length;
      else summary.delisted += await writeTransaction(db, (trx) => delistStones(trx, gone, now));
      options.onProgress?.(summary);
    }
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

function check(line: number, raw: Parameters<typeof readRow>[0], markup: Markup): Checked {
  const result = readRow(raw, markup);
  const lab = readLab(raw.lab ?? '');
  const certificate = raw.certificate?.trim().toUpperCase().replace(/\s+/g, '');
  return {
    line,
    sku: raw.stock?.trim(),
    key: 'value' in lab && certificate ? `${lab.value} ${certificate}` : undefined,
    reasons: 'reasons' in result ? result.reasons : [],
    stone: 'stone' in result ? result.stone : undefined,
  };
}

async function writeBatch(
  db: Db,
  batch: Pending[],
  source: string,
  dryRun: boolean,
  summary: ImportSummary,
  reject: (line: number, stock: string, reasons: string[]) => void,
): Promise<void> {
  const work = async (trx: Db) => {
    const now = new Date().toISOString();
    const known = await stonesByCertificate(
      trx,
      batch.map((p) => p.stone.certificate_number),
    );
    // A stock number needs checking only where it would change hands: new stones, and known stones the file renumbers.
    const holders = await skuHolders(
      trx,
      batch.filter((p) => known.get(p.stone.certificate_number)?.sku !== p.stone.sku).map((p) => p.stone.sku),
    );
    const inserts: FeedStone[] = [];
    const updates: { id: number; stone: FeedStone; delisting: boolean }[] = [];
    const counts = { inserted: 0, updated: 0, unchanged: 0, delisted: 0, skipped: 0 };
    const rejected: [number, string, string[]][] = [];
    for (const { line, stone } of batch) {
      const row = known.get(stone.certificate_number);
      const holder = holders.get(stone.sku);
      if (holder !== undefined && holder !== stone.certificate_number) {
        rejected.push([line, stone.sku, [`stock number ${JSON.stringify(stone.sku)} already belongs to the stone with certificate ${holder}`]]);
        continue;
      }
      if (!row) {
        // A stone new to the shop that the feed already calls not available: nothing to list.
        if (stone.availability === 'NA') counts.unchanged++;
        else inserts.push(stone);
        continue;
      }
      if (row.lab !== stone.lab) {
        rejected.push([line, stone.sku, [`certificate ${stone.certificate_number} belongs to a ${row.lab} stone, not ${stone.lab}`]]);
        continue;
      }
      if (row.source !== source) {
        rejected.push([line, stone.sku, [`certificate ${stone.lab} ${stone.certificate_number} is listed by the source "${row.source}"`]]);
        continue;
      }
      if (row.status !== 'available') {
        counts.skipped++;
        continue;
      }
      if (sameStone(row, stone)) {
        counts.unchanged++;
        continue;
      }
      updates.push({ id: row.id, stone, delisting: stone.availability === 'NA' && Number(row.is_hidden) === 0 });
    }
    const done = dryRun ? new Set(updates.map((u) => u.id)) : await updateStones(trx, updates, now);
    for (const u of updates) {
      if (!done.has(u.id))
        counts.skipped++; // reserved between the read and the write
      else if (u.delisting) counts.delisted++;
      else counts.updated++;
    }
    counts.inserted = inserts.length;
    if (!dryRun && inserts.length) {
      // The change log's triggers tell every app server of the new stones (migration 0009).
      await insertStones(trx, inserts, source, now);
    }
    return { counts, rejected };
  };
  const { counts, rejected } = dryRun ? await work(db) : await writeTransaction(db, work);
  // Counted only once the batch is committed: a failed batch leaves the summary as the database.
  summary.inserted += counts.inserted;
  summary.updated += counts.updated;
  summary.unchanged += counts.unchanged;
  summary.delisted += counts.delisted;
  summary.skipped += counts.skipped;
  for (const [line, stock, reasons] of rejected) reject(line, stock, reasons);
}
