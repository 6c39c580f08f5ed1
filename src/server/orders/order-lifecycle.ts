/**
 * An order's life after checkout.
 *
 * Expiry: an unpaid order past its payment deadline (orders.payment_due_at, payment-hold.ts) moves to
 * `canceled` ("Cancelled: payment not received") in ONE transaction that also puts its stones back on
 * sale, gives back its coupon use and refunds its store credit to the ledger; the shopper is e-mailed
 * once it has committed. A pass expires due orders one transaction each. Exactly one server expires a
 * given order: on PostgreSQL the pass claims it with FOR UPDATE SKIP LOCKED (another server skips it,
 * and the status change is guarded by the old status besides); on SQLite the transaction holds the
 * write lock. A server killed mid-pass leaves each order either whole or cancelled: the transaction
 * commits or it does not.
 * Passes run in the app: every ORDER_EXPIRY_INTERVAL_SECONDS (default 60) and on demand, before
 * anything reads a stone's availability (searches, a stone's page, the cart, checkout), where an
 * in-process memo of the next deadline makes the check free until an order is due.
 *
 * Staff: ship (processing → shipped, with carrier and tracking number, and an e-mail with a tracking
 * link; a manual-capture card payment is captured first) and cancel (an unpaid or paid order not yet
 * shipped; a paid one is refunded in full through its payment provider), each with the stones
 * released, the coupon use and the store credit given back; partial refunds and bank transfers marked
 * paid (payments/payments.service.ts).
 */
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/server/db/outage.ts';
import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { clockOffsetMs, nowIso, nowMs } from '~/server/config/clock.ts';
import { writeTransaction } from '~/server/checkout/transaction.ts';
import { findOrderById, setOrderStatus } from '~/server/checkout/order-writer.repository.ts';
import type { OrderRow } from './order.repository.ts';
import type { ShipRequest, staffOrderSchema } from './staff.answers.ts';
export { shipRequestSchema } from './staff.answers.ts';
import {
  claimDueOrder,
  findOrderByReference,
  giveBackCouponUse,
  nextDueAt,
  refundStoreCredit,
  releaseStones,
  statusHistory,
} from './order-holds.repository.ts';
import {
  captureIfAuthorized,
  markTransferPaid,
  planRefund,
  refundOrder,
  runRefunds,
  runVoids,
  settleBeforeExpiry,
  settleSession,
} from '~/server/payments/payments.service.ts';
import { expireOpenSessions, LIVE_REFUND, refundsOf, takenSessions } from '~/server/payments/payment-session.repository.ts';
import { providerByCode } from '~/server/payments/payment-provider.ts';
import { refundHistory } from '~/server/payments/payment-history.ts';
import { EXPIRED_REASON, STAFF_REASON, statusLabel, UNPAID_STATUSES } from './order-status.ts';
import { canceledOrderMail, expiredOrderMail, shippedOrderMail } from './order-lifecycle-mail.ts';
import { queueMail } from '~/server/mail/mailer.ts';
import { queueStaffOrderCancelledMail } from '~/server/checkout/order-mail.ts';
import { runHoldPass } from '~/server/holds/holds.service.ts';
import { nextHoldDueAt } from '~/server/holds/hold.repository.ts';
import { env } from '~/server/config/env.ts';

/** At most this many orders per pass; the next pass takes the rest. */
const PASS_MAX = 500;

/** Test only (NODE_ENV=test): a pause inside each expiry transaction, so a test can kill a server mid-way. */
function testPauseMs(): number {
  return env('NODE_ENV') === 'test' ? env('ORDER_EXPIRY_TEST_PAUSE_MS') : 0;
}

/** Cancels one order for want of payment, if it is still unpaid; answers the stones it released. */
async function expireOne(trx: Db, id: number, now: string): Promise<{ order: OrderRow; stones: number[] } | undefined> {
  if (!(await setOrderStatus(trx, id, 'canceled', UNPAID_STATUSES, { cancel_reason: EXPIRED_REASON }))) return undefined;
  await expireOpenSessions(trx, id);
  const pause = testPauseMs();
  if (pause) await delay(pause);
  const order = (await findOrderById(trx, id))!;
  const stones = await releaseStones(trx, id, now);
  await giveBackCouponUse(trx, id);
  await refundStoreCredit(trx, order, 'Refund: order cancelled, payment not received', now);
  return { order, stones };
}

/**
 * One expiry pass: each unpaid order past its deadline is cancelled in a transaction of its own.
 * Answers how many this pass cancelled (orders another server cancelled meanwhile are not counted).
 */
export async function runExpiryPass(db: Db): Promise<number> {
  let expired = 0;
  // Card orders first ask their provider: a session paid without the shopper's return or the
  // provider's notification makes its order paid, not cancelled (payments.service.ts).
  await settleBeforeExpiry(db, nowIso());
  for (let i = 0; i < PASS_MAX; i++) {
    const now = nowIso();
    const done = await writeTransaction(db, async (trx) => {
      const id = await claimDueOrder(trx, now);
      if (id === undefined) return null;
      const expiredOrder = await expireOne(trx, id, now);
      // The shopper's e-mail commits with the cancellation (src/server/mail/outbox.ts).
      if (expiredOrder) {
        await queueMail(trx, await expiredOrderMail(trx, expiredOrder.order, expiredOrder.stones), { dedupeKey: `order:${id}:expired` });
        await queueStaffOrderCancelledMail(trx, id);
      }
      return expiredOrder ?? false;
    });
    if (done === null) break;
    if (done) expired++;
  }
  // Diamond holds end (and are reminded of) in the same pass, exactly once across servers (holds/hold.service.ts).
  await runHoldPass(db);
  return expired;
}

let inflight: Promise<void> | undefined;
/** The earliest deadline seen (ms on the shop's clock) and when it was read (real ms). */
let known: { dueMs: number; readAt: number; offset: number } | undefined;
/** A deadline read this long ago is read again: another server may have placed an order since. */
const KNOWN_FOR_MS = 5_000;

/**
 * Expires what is due, before a read of stones' availability. Concurrent callers share one pass; while
 * the next deadline read in the last few seconds is still ahead on the shop's clock, it costs nothing.
 */
export async function expireDueOrders(db: Db): Promise<void> {
  if (known && nowMs() < known.dueMs && Date.now() - known.readAt < KNOWN_FOR_MS && known.offset === clockOffsetMs()) return;
  inflight ??= (async () => {
    try {
      const readAt = Date.now();
      const due = [await nextDueAt(db), await nextHoldDueAt(db)].filter((t): t is string => t !== null).sort()[0] ?? null;
      const dueMs = due ? Date.parse(due) : Number.POSITIVE_INFINITY;
      if (dueMs <= nowMs()) await runExpiryPass(db);
      else known = { dueMs, readAt, offset: clockOffsetMs() };
      if (dueMs <= nowMs()) known = undefined;
    } finally {
      inflight = undefined;
    }
  })();
  return inflight;
}

/** A new unpaid order's deadline may be the earliest: forget the memo. */
export function forgetNextDue(): void {
  known = undefined;
}

let timer: NodeJS.Timeout | undefined;

function intervalMs(): number {
  return env('ORDER_EXPIRY_INTERVAL_SECONDS') * 1000;
}

/** Starts this server's expiry timer (once); it never keeps the process alive. */
export function startExpiryTimer(db: Db): void {
  if (timer) return;
  const tick = () => {
    expireDueOrders(db).catch((error) =>
      isDatabaseUnavailable(error) ? noteDatabaseUnavailable(error, 'order expiry') : console.error('Order expiry failed:', error),
    );
  };
  timer = setInterval(tick, intervalMs());
  timer.unref();
  tick();
}

// ---------------------------------------------------------------------------------------------------
// Staff: ship and cancel

export async function orderByReference(db: Db, reference: string): Promise<OrderRow> {
  const order = await findOrderByReference(db, reference);
  if (!order) throw notFound('Order not found');
  return order;
}

/** What staff see of an order after a change: its status, tracking and history. */
export async function staffView(db: Db, order: OrderRow): Promise<StaffOrderView> {
  const history = await statusHistory(db, order.id);
  const refunds = await refundsOf(db, order.id);
  const paid = (await takenSessions(db, order.id)).reduce((s, p) => s + p.amount_cents, 0);
  const refunded = refunds.filter((r) => LIVE_REFUND.includes(r.status)).reduce((s, r) => s + r.amount_cents, 0);
  const statuses = history.map((h) => ({
    status: h.status,
    status_label: statusLabel(h.status, h.status === 'canceled' ? order.cancel_reason : null),
    created_at: h.created_at,
  }));
  return {
    id: order.id,
    increment_id: order.increment_id,
    status: order.status,
    status_label: statusLabel(order.status, order.cancel_reason),
    email: order.email,
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    grand_total_cents: order.grand_total_cents,
    payment_method: order.payment_method,
    payment_provider: order.payment_provider,
    payment_reference: order.payment_reference,
    paid_cents: paid,
    refunded_cents: refunded,
    refundable_cents: Math.max(0, paid - refunded),
    status_history: [...statuses, ...refundHistory(refunds)].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    refunds: refunds.map((r) => ({
      amount_cents: r.amount_cents,
      reason: r.reason,
      created_at: r.created_at,
      provider: r.provider,
      provider_refund_id: r.provider_refund_id,
      status: r.status,
      tax_cents: r.tax_cents,
      credit_note_number: r.credit_note_number,
    })),
    tax_cents: order.tax_cents,
    tax_label: order.tax_label,
    tax_included: order.tax_included === 1,
    invoice_number: order.invoice_number,
  };
}
export type StaffOrderView = z.output<typeof staffOrderSchema>;

export async function shipOrder(db: Db, reference: string, input: ShipRequest): Promise<StaffOrderView> {
  const order = await orderByReference(db, reference);
  // Manual capture: the authorised card payment is taken when the order ships, before it is marked shipped.
  if (order.status === 'processing' && order.payment_captured === 0) {
    try {
      await captureIfAuthorized(db, order.id);
    } catch (error) {
      console.error(`Capture of order ${order.increment_id} failed:`, error);
      throw new HttpError(502, 'The payment provider did not capture the payment; the order is not shipped. Please try again.', 'capture_failed');
    }
  }
  const shipped = await writeTransaction(db, async (trx) => {
    if (!(await setOrderStatus(trx, order.id, 'shipped', ['processing'], { carrier: input.carrier, tracking_number: input.tracking }))) return false;
    await queueMail(trx, shippedOrderMail((await findOrderById(trx, order.id))!), { dedupeKey: `order:${order.id}:shipped` });
    return true;
  });
  if (!shipped) {
    const current = (await findOrderById(db, order.id))!;
    throw new HttpError(
      409,
      `Only an order in processing can be shipped; this one is ${statusLabel(current.status, current.cancel_reason).toLowerCase()}`,
      'order_not_shippable',
      { status: [current.status] },
    );
  }
  const after = (await findOrderById(db, order.id))!;
  return staffView(db, after);
}

/** Statuses staff may cancel from: unpaid, and paid but not yet shipped. */
const CANCELABLE = [...UNPAID_STATUSES, 'processing'];

export async function cancelOrder(db: Db, reference: string): Promise<StaffOrderView> {
  const order = await orderByReference(db, reference);
  const done = await writeTransaction(db, async (trx) => {
    const now = nowIso();
    const current = (await findOrderById(trx, order.id))!;
    if (!(await setOrderStatus(trx, order.id, 'canceled', CANCELABLE, { cancel_reason: STAFF_REASON }))) return undefined;
    await releaseStones(trx, order.id, now);
    await giveBackCouponUse(trx, order.id);
    await refundStoreCredit(trx, current, 'Refund: order cancelled', now);
    // Open payment sessions end: the order is no longer waiting for a payment.
    const open = await trx.selectFrom('payment_sessions').select(['id', 'provider']).where('order_id', '=', order.id).where('status', '=', 'open').execute();
    await expireOpenSessions(trx, order.id);
    // A paid order gets back what its payments took (cash on delivery took nothing): refunds through
    // the provider, or the authorisation released when it was never captured.
    const plan = await planRefund(trx, current, undefined, `Order ${current.increment_id} cancelled by the shop`);
    return { plan, open };
  });
  if (done === undefined) {
    const current = (await findOrderById(db, order.id))!;
    throw new HttpError(
      409,
      `This order cannot be cancelled: it is ${statusLabel(current.status, current.cancel_reason).toLowerCase()}`,
      'order_not_cancelable',
      { status: [current.status] },
    );
  }
  // Each open session is expired at its provider; one paid meanwhile is refunded at once (settleSession).
  for (const s of done.open) {
    const provider = providerByCode(s.provider);
    if (!provider) continue;
    try {
      const ended = await provider.expire(db, s.id);
      await settleSession(db, provider, ended);
    } catch (error) {
      console.error(`Expiring session ${s.id} of a cancelled order failed:`, error);
    }
  }
  await runVoids(done.plan.voids, order.id);
  const refunded = await runRefunds(db, done.plan.rowIds);
  const released = done.plan.voids.length > 0;
  const after = (await findOrderById(db, order.id))!;
  await queueMail(db, canceledOrderMail(after, refunded, released), { dedupeKey: `order:${order.id}:canceled` });
  await queueStaffOrderCancelledMail(db, order.id);
  return staffView(db, after);
}

// ---------------------------------------------------------------------------------------------------
// Staff: refunds and bank transfers

export async function refundByReference(
  db: Db,
  reference: string,
  amountCents: number,
  reason: string | undefined,
): Promise<{ view: StaffOrderView; refundedCents: number }> {
  const order = await orderByReference(db, reference);
  const { refundedCents } = await refundOrder(db, order, amountCents, reason);
  return { view: await staffView(db, (await findOrderById(db, order.id))!), refundedCents };
}

export async function markPaidByReference(db: Db, reference: string, transferReference: string | undefined): Promise<StaffOrderView> {
  const order = await orderByReference(db, reference);
  await markTransferPaid(db, order, transferReference);
  return staffView(db, (await findOrderById(db, order.id))!);
}
