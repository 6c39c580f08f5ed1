/**
 * POST /api/admin/orders/{id}/ship, /cancel, /refund and /mark-paid: the staff's order changes over HTTP, behind the admin
 * token (security/admin-token.ts), as `npm run orders -- ship|cancel|refund|mark-paid` does on the command line.
 */
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { staffOrderEndpoints } from './staff.endpoints.ts';
import { formatCents } from '~/lib/money.ts';
import { cancelOrder, markPaidByReference, refundByReference, shipOrder } from './order-lifecycle.ts';
import { type staffOrderAnswerSchema } from './staff.answers.ts';
import type { z } from 'zod';
import { recordActivity } from '~/server/staff/activity.ts';
import { orderActivity } from './order-activity.ts';

type Answer = z.output<typeof staffOrderAnswerSchema>;

export async function shipOverHttp({ db, actor, params, body: input }: RouteInput<typeof staffOrderEndpoints.ship>): Promise<Answer> {
  const data = await shipOrder(db, params.id, input);
  await recordActivity(actor, orderActivity('ship', data, { carrier: input.carrier, tracking: input.tracking }));
  return { message: `Order ${data.increment_id} is shipped`, data };
}

export async function cancelOverHttp({ db, actor, params }: RouteInput<typeof staffOrderEndpoints.cancel>): Promise<Answer> {
  const data = await cancelOrder(db, params.id);
  await recordActivity(actor, orderActivity('cancel', data));
  return { message: `Order ${data.increment_id} is cancelled`, data };
}

export async function refundOverHttp({ db, actor, params, body: input }: RouteInput<typeof staffOrderEndpoints.refund>): Promise<Answer> {
  const { view, refundedCents } = await refundByReference(db, params.id, input.amount, input.reason);
  await recordActivity(actor, orderActivity('refund', view, { amount_cents: refundedCents, reason: input.reason ?? null }));
  return { message: `Refunded ${formatCents(refundedCents)} on order ${view.increment_id}`, data: view };
}

export async function markPaidOverHttp({ db, actor, params, body: input }: RouteInput<typeof staffOrderEndpoints.markPaid>): Promise<Answer> {
  const data = await markPaidByReference(db, params.id, input.reference);
  await recordActivity(actor, orderActivity('mark_paid', data, { reference: input.reference ?? null }));
  return { message: `Order ${data.increment_id} is paid`, data };
}
