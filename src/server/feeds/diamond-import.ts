/**
 * The diamond inventory import (issue 14), shared by `npm run import:diamonds` and
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
import type { Db } from '~/server/db/database.ts';
import type { Markup } from '~/features/diamonds/markup.schema.ts';
import { readLab } from './feed-codes.ts';
import { readRow, type FeedStone } from './feed-row.ts';
import { readFeed, type FeedFormat } from './feed-reader.ts';
import { delistStones, insertStones, listedStones, sameStone, skuHolders, stonesByCertificate, updateStone } from './import.repository.ts';
import type { z } from 'zod';
import { SOURCE_PATTERN, type importSummarySchema, type rejectionSchema } from './import.answers.ts';

export interface ImportOptions {
  format?: FeedFormat;
  replace?: boolean;
  dryRun?: boolean;
  source?: string;
  markup?: Markup;
  /** Rows checked before a batch is written. */
  batchSize?: number;
  onProgress?: (summary: ImportSummary) => void;
}

export type Rejection = z.output<typeof rejectionSchema>;
export type ImportSummary = z.output<typeof importSummarySchema>;
export { SOURCE_PATTERN };
const MAX_REJECTIONS = 100;

interface Pending {
  line: number;
  stone: FeedStone;
}

export async function importDiamonds(db: Db, input: AsyncIterable<Uint8Array | string>, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const source = options.source ?? 'default';
  if (!SOURCE_PATTERN.test(source)) throw new Error(`The source name ${JSON.stringify(source)} must be letters, digits, dots, dashes or underscores (at most 64)`);
  const dryRun = options.dryRun ?? false;
  const markup = options.markup ?? [];
  const batchSize = options.batchSize ?? 5000;
  const summary: ImportSummary = {
    source, dry_run: dryRun, replace: options.replace ?? false,
    read: 0, inserted: 0, updated: 0, unchanged: 0, delisted: 0, rejected: 0, skipped: 0, rejections: [], ms: 0,
  };
  /** Every stone the file names (lab + certificate → first line), for duplicates and for --replace. */
  const named = new Map<string, number>();
  /**
   * Stock numbers used so far: by the whole file in a dry run; otherwise by the batch being gathered
   * (earlier batches are in the database, where the sku check of writeBatch finds them).
   */
  const skus = new Set<string>();
  const reject = (line: number, stock: string | undefined, reasons: string[]) => {
    summary.rejected++;
    if (summary.rejections.length < MAX_REJECTIONS) summary.rejections.push({ line, stock_number: stock?.trim() || null, reasons });
  };

  let batch: Pending[] = [];
  const flush = async () => {
    if (batch.length) await writeBatch(db, batch, source, dryRun, summary, reject);
    batch = [];
    if (!dryRun) skus.clear();
    options.onProgress?.(summary);
  };

  for await (const record of readFeed(input, options.format)) {
    summary.read++;
    if (record.error) {
      reject(record.line, undefined, [record.error]);
      continue;
    }
    const result = readRow(record.raw, markup);
    const lab = readLab(record.raw.lab ?? '');
    const certificate = record.raw.certificate?.trim().toUpperCase().replace(/\s+/g, '');
    const key = 'value' in lab && certificate ? `${lab.value} ${certificate}` : undefined;
    const reasons = 'reasons' in result ? [...result.reasons] : [];
    if (key && named.has(key)) reasons.push(`duplicate certificate ${key} in the file (first on line ${named.get(key)})`);
    const sku = record.raw.stock?.trim();
    if ('stone' in result && sku && skus.has(sku) && !(key && named.has(key))) reasons.push(`duplicate stock number ${JSON.stringify(sku)} in the file`);
    if (key && !named.has(key)) named.set(key, record.line);
    if (reasons.length) {
      reject(record.line, sku, reasons);
      continue;
    }
    if (sku) skus.add(sku);
    batch.push({ line: record.line, stone: (result as { stone: FeedStone }).stone });
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  if (options.replace) {
    const now = new Date().toISOString();
    for await (const page of listedStones(db, source)) {
      const gone = page.filter((s) => !named.has(`${s.lab} ${s.certificate_number}`)).map((s) => s.id);
      if (!gone.length) continue;
      if (dryRun) summary.delisted += gone.length;
      else summary.delisted += await db.transaction().execute((trx) => delistStones(trx, gone, now));
      options.onProgress?.(summary);
    }
  }
  summary.rejections.sort((a, b) => a.line - b.line);
  summary.ms = Math.round(performance.now() - started);
  return summary;
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
    const known = await stonesByCertificate(trx, batch.map((p) => p.stone.certificate_number));
    const holders = await skuHolders(trx, batch.map((p) => p.stone.sku));
    const inserts: FeedStone[] = [];
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
      const delisting = stone.availability === 'NA' && Number(row.is_hidden) === 0;
      if (!dryRun && !(await updateStone(trx, row.id, stone, now))) {
        counts.skipped++; // reserved between the read and the write
        continue;
      }
      if (delisting) counts.delisted++;
      else counts.updated++;
    }
    counts.inserted = inserts.length;
    if (!dryRun && inserts.length) {
      // The change log's triggers tell every app server of the new stones (migration 0009).
      await insertStones(trx, inserts, source, now);
    }
    return { counts, rejected };
  };
  const { counts, rejected } = dryRun ? await work(db) : await db.transaction().execute(work);
  // Counted only once the batch is committed: a failed batch leaves the summary as the database.
  summary.inserted += counts.inserted;
  summary.updated += counts.updated;
  summary.unchanged += counts.unchanged;
  summary.delisted += counts.delisted;
  summary.skipped += counts.skipped;
  for (const [line, stock, reasons] of rejected) reject(line, stock, reasons);
}
