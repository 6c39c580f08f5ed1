/**
 * POST /api/admin/diamonds/import: the stock file is the body (text/csv or application/x-ndjson),
 * streamed into the importer as it arrives, never buffered whole. This route alone is exempt from the
 * 1 MB body limit of the API (src/middleware.ts); its own limit, ADMIN_IMPORT_MAX_BYTES (default
 * 512 MB), is enforced on Content-Length up front and on the bytes as they stream.
 *
 * The answer is the JSON summary (the first 100 rejected rows). With `Accept: text/csv` it is instead
 * the downloadable file of every rejected row in file order (rejects-file.ts, written to a temporary
 * file as the import runs, never held in memory), the summary's counts in the `Import-Summary` header.
 */
import { limited, tooLarge } from '~/server/transport/limited-body.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { importEndpoints } from './import.endpoints.ts';
import { config } from '~/server/config/config.ts';
import { badRequest, HttpError } from '~/server/endpoint/http.ts';
import { importDiamonds, type ImportSummary } from './diamond-import.ts';
import { FeedHeaderError } from './feed-columns.ts';
import { FeedFormatError } from './feed-reader.ts';
import { formatOfContentType } from './import-format.ts';
import { shopMarkup } from './markup.ts';
import { rejectsWriter } from './rejects-file.ts';

/** Whether the client asks for the rejects file (text/csv) rather than the JSON summary. */
const wantsCsv = (accept: string | null) => /(^|,)\s*text\/csv\b/i.test(accept ?? '');
import { recordActivity } from '~/server/staff/activity.ts';
import { importActivity, importFailedActivity } from './import-activity.ts';

export const ADMIN_IMPORT_PATH = '/api/admin/diamonds/import';

export async function importOverHttp({ context, db, actor, query }: RouteInput<typeof importEndpoints.diamonds>): Promise<ImportSummary | Response> {
  const { request } = context;
  const max = config.adminImportMaxBytes;
  if (Number(request.headers.get('content-length')) > max) throw tooLarge(max);
  const format = formatOfContentType(request.headers.get('content-type'));
  if (!format) throw new HttpError(415, 'Send the stock file as text/csv or application/x-ndjson', 'unsupported_media_type');
  const { replace, dry_run: dryRun, source } = query;
  if (!request.body) throw badRequest('The body is empty: send the stock file');
  const csv = wantsCsv(request.headers.get('accept'));
  const dir = csv ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'aurelle-rejects-')) : undefined;
  const file = dir && path.join(dir, 'rejects.csv');
  const rejects = file ? rejectsWriter(file) : undefined;
  const cleanup = () => (dir ? fs.promises.rm(dir, { recursive: true, force: true }) : Promise.resolve());
  let summary: ImportSummary;
  try {
    summary = await importDiamonds(db, limited(request.body, max), {
      format,
      replace,
      dryRun,
      source,
      markup: shopMarkup(),
      onRejection: rejects?.add,
    });
    await rejects?.close();
    await recordActivity(actor, importActivity(summary));
  } catch (error) {
    rejects?.destroy();
    await cleanup();
    await recordActivity(actor, importFailedActivity(source, error)).catch(() => undefined);
    if (error instanceof FeedHeaderError)
      throw new HttpError(400, error.message, 'header_refused', { header: error.missing.map((m) => `missing column: ${m}`) });
    if (error instanceof FeedFormatError) throw badRequest(error.message);
    throw error;
  }
  if (!file) return summary;
  const { rejections: _listed, ...counts } = summary;
  const stream = fs.createReadStream(file);
  // The file is gone from the directory once opened; its bytes stay readable until the stream closes.
  await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject));
  await cleanup();
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="rejects-${summary.source}.csv"`,
      'import-summary': JSON.stringify(counts),
      'cache-control': 'no-store',
    },
  });
}
