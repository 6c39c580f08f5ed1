/**
 * POST /api/admin/products/import (the CSV is the body, streamed; Image Src must be http(s) addresses or
 * the shop's own photographs: an upload has no folder beside it) and GET /api/admin/products/export.
 * The import shares the diamond import's body limit, ADMIN_IMPORT_MAX_BYTES (src/middleware.ts exempts it
 * from the API's 1 MB limit).
 */
import { limited, tooLarge } from '~/server/transport/limited-body.ts';
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { productImportEndpoints } from './product-import.endpoints.ts';
import { config } from '~/server/config/config.ts';
import { badRequest, HttpError } from '~/server/endpoint/http.ts';
import { importProducts, type ProductImportSummary } from './product-import.ts';
import { exportProducts } from './product-export.ts';
import { ProductFileError } from './shopify-csv.ts';

export async function importProductsOverHttp({ context, db, query }: RouteInput<typeof productImportEndpoints.import>): Promise<ProductImportSummary> {
  const { request } = context;
  const max = config.adminImportMaxBytes;
  if (Number(request.headers.get('content-length')) > max) throw tooLarge(max);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv' && type !== 'text/plain') throw new HttpError(415, 'Send the Shopify product CSV as text/csv', 'unsupported_media_type');
  if (!request.body) throw badRequest('The body is empty: send the product CSV');
  try {
    return await importProducts(db, limited(request.body, max), { dryRun: query.dry_run, replace: query.replace });
  } catch (error) {
    if (error instanceof ProductFileError) throw badRequest(error.message);
    throw error;
  }
}

export function exportProductsOverHttp({ context, db }: RouteInput<typeof productImportEndpoints.export>): Response {
  const lines = exportProducts(db, context.url.origin);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="products.csv"', 'cache-control': 'no-store' },
  });
}
