/** GET /admin/orders.csv: the filtered order list (the same ?q=, status, from, to as /admin/orders) as CSV, every page. */
import type { APIRoute } from 'astro';
import { orderFilterSchema, ordersCsv } from '~/server/orders/back-office-orders.ts';
import { recordActivity } from '~/server/staff/activity.ts';
import { actorOf } from '~/server/staff/sign-in.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const GET: APIRoute = async (context) => {
  const parsed = orderFilterSchema.safeParse(Object.fromEntries(context.url.searchParams));
  if (!parsed.success)
    return new Response(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'), {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const csv = await ordersCsv({ ...parsed.data, page: 1 });
  const staff = context.locals.staff!;
  await recordActivity(actorOf(staff, clientKey(context)), {
    action: 'order.export',
    subjectType: 'orders',
    summary: `Exported ${csv.split('\r\n').length - 2} orders as CSV`,
    after: { q: parsed.data.q ?? null, status: parsed.data.status ?? null, from: parsed.data.from ?? null, to: parsed.data.to ?? null },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="orders-${stamp}.csv"`, 'cache-control': 'no-store' },
  });
};
