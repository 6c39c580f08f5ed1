/** GET /admin/inventory/rejected/{id}.csv: the rejected rows of one stock import, for the supplier to fix. */
import { recordId } from '~/server/endpoint/record-id.ts';
import type { APIRoute } from 'astro';
import { findActivity } from '~/server/staff/activity.ts';
import { rejectionsCsv, type StoredReport } from '~/server/feeds/back-office-import.ts';

export const GET: APIRoute = async ({ params }) => {
  const id = recordId(params.id) ?? 0;
  const row = id ? await findActivity(id) : undefined;
  if (!row || !row.action.startsWith('stock.import') || row.action === 'stock.import_failed' || !row.after)
    return new Response('No such import', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const report = JSON.parse(row.after) as StoredReport;
  return new Response(rejectionsCsv(id, report), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="rejected-${report.source}-${id}.csv"`,
      'cache-control': 'no-store',
    },
  });
};
