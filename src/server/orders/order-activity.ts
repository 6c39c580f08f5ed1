/** An order action as the activity record keeps it: what it did, the status before and after, and its details. */
import type { ActivityEntry } from '~/server/staff/activity.ts';
import { formatCents } from '~/lib/money.ts';
import type { StaffOrderView } from './order-lifecycle.ts';

const WORDS: Record<string, string> = {
  mark_paid: 'Marked as paid',
  ship: 'Shipped',
  cancel: 'Cancelled',
  refund: 'Refunded',
  resend: 'Resent the e-mail for',
  note: 'Added a note to',
};

export function orderActivity(
  action: keyof typeof WORDS,
  view: Pick<StaffOrderView, 'increment_id' | 'status'>,
  detail: Record<string, unknown> = {},
  before?: { status: string },
): ActivityEntry {
  let summary = `${WORDS[action]} order ${view.increment_id}`;
  if (action === 'ship') summary += ` (${detail.carrier} ${detail.tracking})`;
  if (action === 'refund' && typeof detail.amount_cents === 'number') summary = `Refunded ${formatCents(detail.amount_cents)} on order ${view.increment_id}`;
  if (action === 'mark_paid' && detail.reference) summary += ` (reference ${detail.reference})`;
  return { action: `order.${action}`, subjectType: 'order', subjectId: view.increment_id, summary, before, after: { status: view.status, ...detail } };
}
