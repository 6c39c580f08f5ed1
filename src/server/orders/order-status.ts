/** An order's statuses and the labels shoppers read (docs/api.md, "Order statuses"). */

/** Statuses of an order still waiting for its payment; the payment link works only for these. */
export const UNPAID_STATUSES = ['pending', 'pending_payment'];

export const EXPIRED_REASON = 'payment_not_received';
export const STAFF_REASON = 'staff';

const LABELS: Record<string, string> = {
  pending: 'Pending',
  pending_payment: 'Pending payment',
  processing: 'Processing',
  shipped: 'Shipped',
  completed: 'Completed',
  canceled: 'Cancelled',
};

export const EXPIRED_LABEL = 'Cancelled: payment not received';
export const EXPIRED_MESSAGE = 'This order has expired; its pieces have been released';

/** "Pending payment", "Shipped", "Cancelled: payment not received"…; an unknown status in words. */
export function statusLabel(status: string, cancelReason?: string | null): string {
  if (status === 'canceled' && cancelReason === EXPIRED_REASON) return EXPIRED_LABEL;
  const known = LABELS[status];
  if (known) return known;
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
