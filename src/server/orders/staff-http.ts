/**
 * POST /api/admin/orders/{id}/ship, /cancel, /refund and /mark-paid: the staff's order changes over HTTP, behind the admin
 * token (security/admin-token.ts), as `npm run orders -- ship|cancel|refund|mark-paid` does on the command line.
 */
import type { APIContext } from 'astro';
import { getDb } from '~/server/db/database.ts';
import { readBody } from '~/server/http.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import { formatCents } from '~/lib/money.ts';
import { cancelOrder, markPaidByReference, refundByReference, shipOrder, shipRequestSchema } from './order-lifecycle.ts';
import { markPaidRequestSchema, refundRequestSchema, type staffOrderAnswerSchema } from './staff.answers.ts';
import type { z } from 'zod';
import { recordActivity } from '~/server/staff/activity.ts';
import { orderActivity } from './order-activity.ts';

type Answer = z.output<typeof staffOrderAnswerSchema>;

export async function shipOverHttp(context: APIContext): Promise<Answer> {
  const actor = await requireAdmin(context);
  const input = await readBody(context.request, shipRequestSchema);
  const data = await shipOrder(await getDb(), context.params.id ?? '', input);
  await recordActivity(actor, orderActivity('ship', data, { carrier: input.carrier, tracking: input.tracking }));
  return { message: `Order ${data.increment_id} is shipped`, data };
}

export async function cancelOverHttp(context: APIContext): Promise<Answer> {
  const actor = await requireAdmin(context);
  const data = await cancelOrder(await getDb(), context.params.id ?? '');
  await recordActivity(actor, orderActivity('cancel', data));
  return { message: `Order ${data.increment_id} is cancelled`, data };
}

export async function refundOverHttp(context: APIContext): Promise<Answer> {
  const actor = await requireAdmin(context);
  const input = await readBody(context.request, refundRequestSchema);
  const { view, refundedCents } = await refundByReference(await getDb(), context.params.id ?? '', input.amount, input.reason);
  await recordActivity(actor, orderActivity('refund', view, { amount_cents: refundedCents, reason: input.reason ?? null }));
  return { message: `Refunded ${formatCents(refundedCents)} on order ${view.increment_id}`, data: view };
}

export async function markPaidOverHttp(context: APIContext): Promise<Answer> {
  const actor = await requireAdmin(context);
  const input = await readBody(context.request, markPaidRequestSchema);
  const data = await markPaidByReference(await getDb(), context.params.id ?? '', input.reference);
  await recordActivity(actor, orderActivity('mark_paid', data, { reference: input.reference ?? null }));
  return { message: `Order ${data.increment_id} is paid`, data };
}
