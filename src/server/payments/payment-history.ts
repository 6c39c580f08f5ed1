/** Refunds as entries of an order's history (staff view and the shopper's order page). */
import { formatCents } from '~/lib/money.ts';
import { LIVE_REFUND, type RefundRow } from './payment-session.repository.ts';

export function refundHistory(refunds: RefundRow[]): { status: string; status_label: string; created_at: string }[] {
  return refunds
    .filter((r) => LIVE_REFUND.includes(r.status))
    .map((r) => ({
      status: 'refund',
      status_label: `Refunded ${formatCents(r.amount_cents)}${r.status === 'pending' ? ' (in progress)' : ''}`,
      created_at: r.created_at,
    }));
}
