/**
 * The stock upload of /admin/inventory: the browser's multipart form streamed into the same importer as
 * the CLI and POST /api/admin/diamonds/import, with the same options (dry run, replace, source, and the
 * markup bands: the shop's, or the form's own, as the CLI's --markup file). The report is kept in the
 * activity record, every rejected row in import_rejections (rejection-spool.ts); the page shows the report
 * and /admin/inventory/rejected/{id}.csv serves the rejected rows for the supplier to fix.
 */
import { config } from '~/server/config/config.ts';
import { getDb } from '~/server/db/database.ts';
import { badRequest, HttpError } from '~/server/endpoint/http.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import { csvCell } from '~/server/orders/back-office-orders.ts';
import { importDiamonds, type ImportSummary } from './diamond-import.ts';
import { importQuerySchema, SOURCE_PATTERN } from './import.answers.ts';
import { FeedHeaderError } from './feed-columns.ts';
import { FeedFormatError } from './feed-reader.ts';
import { formatOf } from './import-format.ts';
import { parseMarkup, shopMarkup } from './markup.ts';
import type { Markup } from '~/features/diamonds/markup.schema.ts';
import { boundaryOf, readMultipartUpload, type MultipartUpload } from './multipart-stream.ts';
import { rejectionSpool, savedRejections, type RejectionSpool } from './rejection-spool.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';

export async function importUpload(actor: Actor, request: Request): Promise<number> {
  const boundary = boundaryOf(request.headers.get('content-type'));
  if (!boundary || !request.body) throw badRequest('Send the stock file from the form');
  const max = config.adminImportMaxBytes;
  if (Number(request.headers.get('content-length')) > max)
    throw new HttpError(413, `The file is larger than ${max.toLocaleString('en-US')} bytes (ADMIN_IMPORT_MAX_BYTES)`, 'payload_too_large');
  const upload = await readMultipartUpload(request.body, boundary, max);
  const source = (upload.fields.source ?? '').trim() || 'default';
  if (!SOURCE_PATTERN.test(source))
    throw new HttpError(400, 'source: letters, digits, dots, dashes or underscores (at most 64)', 'validation_failed', {
      source: ['Use letters, digits, dots, dashes or underscores (at most 64)'],
    });
  // The shop's bands unless the form gives its own (the CLI's --markup, as JSON in a text field).
  let markup = shopMarkup();
  const markupField = (upload.fields.markup ?? '').trim();
  if (markupField) {
    try {
      markup = parseMarkup(markupField);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(400, `markup: ${reason}`, 'validation_failed', { markup: [reason] });
    }
  }
  const options = importQuerySchema.parse({
    source,
    ...(upload.fields.dry_run ? { dry_run: 'true' } : {}),
    ...(upload.fields.replace ? { replace: 'true' } : {}),
  });
  const spool = await rejectionSpool();
  try {
    return await importAndRecord(actor, upload, source, options, markup, spool);
  } finally {
    await spool.discard();
  }
}

async function importAndRecord(
  actor: Actor,
  upload: MultipartUpload,
  source: string,
  options: { replace: boolean; dry_run: boolean },
  markup: Markup,
  spool: RejectionSpool,
): Promise<number> {
  const db = await getDb();
  let summary: ImportSummary;
  try {
    summary = await importDiamonds(db, upload.file, {
      format: formatOf(upload.fileName),
      replace: options.replace,
      dryRun: options.dry_run,
      source,
      markup,
      onRejection: spool.add,
    });
  } catch (error) {
    const message =
      error instanceof FeedHeaderError ? `${error.message} (missing: ${error.missing.join(', ')})` : error instanceof Error ? error.message : String(error);
    await recordActivity(actor, {
      action: 'stock.import_failed',
      subjectType: 'feed',
      subjectId: source,
      summary: `The stock file ${upload.fileName} was refused: ${message}`,
      after: { file: upload.fileName },
    });
    if (error instanceof FeedHeaderError) throw new HttpError(400, `file: ${message}`, 'header_refused', { file: [message] });
    if (error instanceof FeedFormatError) throw new HttpError(400, `file: ${message}`, 'validation_failed', { file: [message] });
    throw error;
  }
  // The report and every rejected row commit together: the CSV offered with the report is whole.
  return writeTransaction(db, async (trx) => {
    const id = await recordActivity(
      actor,
      {
        action: summary.dry_run ? 'stock.import_dry_run' : 'stock.import',
        subjectType: 'feed',
        subjectId: summary.source,
        summary: `${summary.dry_run ? 'Tried' : 'Imported'} ${upload.fileName} for ${summary.source}: ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.delisted} delisted, ${summary.rejected} rejected`,
        after: { file: upload.fileName, markup, ...summary },
      },
      trx,
    );
    await spool.saveTo(trx, id);
    return id;
  });
}

export interface StoredReport extends ImportSummary {
  file: string;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The rejected rows of an import as CSV (line, stock number and every reason), streamed: all of them as
 * kept with the import, or the report's first 100 for an import recorded before they were kept.
 */
export function rejectionsCsv(activityId: number, report: StoredReport): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* lines() {
    yield csvLine(['line', 'stock_number', 'reasons']);
    let saved = 0;
    for await (const r of savedRejections(await getDb(), activityId)) {
      saved++;
      yield csvLine([String(r.line), r.stock_number ?? '', r.reasons.join('; ')]);
    }
    if (!saved) for (const r of report.rejections) yield csvLine([String(r.line), r.stock_number ?? '', r.reasons.join('; ')]);
  }
  const source = lines();
  return new ReadableStream({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
