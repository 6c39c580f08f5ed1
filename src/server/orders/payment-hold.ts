/**
 * How long an unpaid order holds its stones: UNPAID_CARD_HOLD_MINUTES (default 30) for a card payment
 * (`pending_payment`) and UNPAID_TRANSFER_HOLD_HOURS (default 72) for a bank transfer (`pending`). The
 * environment wins over shop.json's `orders` block, which wins over the defaults. The window starts
 * when the order is placed; a new payment link restarts it only when shop.json's
 * `orders.payment_link_extends_hold` is true.
 */
import { shopConfig } from '~/server/shop/shop-config.ts';
import { env } from '~/server/config/env.ts';

export const DEFAULT_CARD_HOLD_MINUTES = 30;
export const DEFAULT_TRANSFER_HOLD_HOURS = 72;

export function cardHoldMinutes(): number {
  return env('UNPAID_CARD_HOLD_MINUTES') ?? shopConfig.orders?.unpaid_card_hold_minutes ?? DEFAULT_CARD_HOLD_MINUTES;
}

export function transferHoldHours(): number {
  return env('UNPAID_TRANSFER_HOLD_HOURS') ?? shopConfig.orders?.unpaid_transfer_hold_hours ?? DEFAULT_TRANSFER_HOLD_HOURS;
}

export function paymentLinkExtendsHold(): boolean {
  return shopConfig.orders?.payment_link_extends_hold ?? false;
}

/** The payment window of an order in this status, in milliseconds (undefined: the status holds nothing). */
export function holdMs(status: string): number | undefined {
  if (status === 'pending_payment') return cardHoldMinutes() * 60_000;
  if (status === 'pending') return transferHoldHours() * 3_600_000;
  return undefined;
}

/** The deadline of an order placed (or given a new link) at `fromMs` in this status; null when it holds nothing. */
export function paymentDueAt(status: string, fromMs: number): string | null {
  const ms = holdMs(status);
  return ms === undefined ? null : new Date(fromMs + ms).toISOString();
}

/** The bank-transfer window in words for shoppers: "72 hours", "3 days" (whole days), "1 hour". */
export function transferWindowWords(hours = transferHoldHours()): string {
  if (hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
