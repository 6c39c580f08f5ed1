/**
 * The shop's side of every payment, whatever the provider:
 * - one payable session per order: "Pay" returns the open session, or opens one only after the old
 *   one is finished or expired at the provider (openPayment);
 * - an order is settled exactly once, whoever brings the news first (the shopper's return, the
 *   provider's notification, the expiry pass asking before it cancels): the session row moves once
 *   (a guarded UPDATE), in the same transaction as the order (settleSession);
 * - a payment that arrives for an order no longer waiting for it revives the order when its stones
 *   are still for sale, and is refunded in full at once otherwise;
 * - refunds never exceed what was paid and not yet refunded (the order row is locked while counting),
 *   reach the card through the provider, and are mailed once the provider accepted them.
 */
import { sql } from 'kysely';
import type { Db } from '~/server/db/database.ts';
import { isSqlite } from '~/server/db/dialect.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { nowIso, nowMs } from '~/server/config/clock.ts';
import { formatCents } from '~/lib/money.ts';
import { writeTransaction, isUniqueViolation } from '~/server/checkout/transaction.ts';
import { findOrderById, sellReservedDiamonds, setOrderStatus, takeDiamond } from '~/server/checkout/order-writer.repository.ts';
import { orderPaymentPath } from '~/server/checkout/order.presenter.ts';
import { EXPIRED_REASON, UNPAID_STATUSES } from '~/server/orders/order-status.ts';
import type { OrderRow } from '~/server/orders/order.repository.ts';
import { cardProvider, providerByCode, type OrderToPay, type PaymentProvider, type ProviderSession, type SessionState } from './payment-provider.ts';
import {
  countSessions,
  expireOpenSessions,
  findOpenSession,
  findSession,
  insertRefundRow,
  insertSession,
  LIVE_REFUND,
  moveSession,
  refundsOf,
  takenSessions,
  updateRefundRow,
  type PaymentSessionRow,
} from './payment-session.repository.ts';
import { paymentRefundedMail, receiptMail, refundMail, sendPaymentMail } from './payment-mail.ts';
import { assignCreditNoteNumber, assignInvoiceNumber } from '~/server/invoices/document-numbers.ts';
import { refundTaxCents } from '~/server/tax/refund-tax.ts';

export const CARDS_OFF_MESSAGE = 'Card payments are not available at the moment. Please choose another payment method.';
/** Paid states of a session: the money is taken (or authorised, with manual capture). */
const MONEY: SessionState[] = ['paid', 'authorized'];

// ---------------------------------------------------------------------------------------------------
// Opening a payment

/** The lines a provider shows: the pieces and shipping, or one line when discounts or credit apply. */
async function orderToPay(db: Db, order: OrderRow, attempt: number): Promise<OrderToPay> {
  const items = await db.selectFrom('order_items').select(['name', 'qty_ordered', 'price_cents']).where('order_id', '=', order.id).orderBy('id').execute();
  const itemized = [
    ...items.map((i) => ({ name: i.name, unitAmountCents: i.price_cents, quantity: i.qty_ordered })),
    ...(order.shipping_cents > 0 ? [{ name: `Shipping: ${order.shipping_method ?? 'insured'}`, unitAmountCents: order.shipping_cents, quantity: 1 }] : []),
    // Tax on top of the prices is a line of its own: the provider is asked for the grand total with tax.
    ...(order.tax_cents > 0 && order.tax_included === 0 ? [{ name: order.tax_label ?? 'Tax', unitAmountCents: order.tax_cents, quantity: 1 }] : []),
  ];
  const sum = itemized.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
  // Providers take no negative lines: with a discount or store credit the order is one line for its total.
  const lines =
    sum === order.grand_total_cents && itemized.every((l) => l.unitAmountCents > 0)
      ? itemized
      : [{ name: `Order ${order.increment_id}: ${items.map((i) => i.name).join(', ')}`.slice(0, 250), unitAmountCents: order.grand_total_cents, quantity: 1 }];
  const due = order.payment_due_at ? Date.parse(order.payment_due_at) : NaN;
  return {
    orderId: order.id,
    incrementId: order.increment_id,
    email: order.email,
    amountCents: order.grand_total_cents,
    lines,
    returnPath: orderPaymentPath(order),
    // The deadline is on the shop's clock; the provider lives in real time.
    expiresAtMs: Number.isFinite(due) ? Date.now() + (due - nowMs()) : null,
    attempt,
  };
}

export type PaymentStart = { redirectUrl: string } | { settled: SettleOutcome };

/**
 * "Pay" for an unpaid card order: the open session if it can still be paid, else a new one after
 * the old one is expired at its provider. A session paid meanwhile settles the order instead.
 */
export async function openPayment(db: Db, order: OrderRow): Promise<PaymentStart> {
  const provider = cardProvider();
  if (!provider) throw new HttpError(409, CARDS_OFF_MESSAGE, 'payment_unavailable', { 'payment.method': [CARDS_OFF_MESSAGE] });
  for (let round = 0; round < 3; round++) {
    const open = await findOpenSession(db, order.id);
    if (open) {
      const kept = await keepOrEnd(db, open, provider, order);
      if (kept) return kept;
      continue;
    }
    const attempt = (await countSessions(db, order.id)) + 1;
    const session = await provider.open(db, await orderToPay(db, order, attempt));
    const recorded = {
      id: session.id,
      provider: provider.code,
      order_id: order.id,
      amount_cents: session.amountCents,
      return_url: orderPaymentPath(order),
    };
    try {
      await insertSession(db, { ...recorded, url: session.url });
      return { redirectUrl: session.url! };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another "Pay" for this order won the race: the same session (the provider's idempotency key
      // gave both the same), or another one, which stays the only payable one: ours is ended.
      const same = await findSession(db, session.id);
      if (same?.status === 'open') return { redirectUrl: same.url ?? session.url! };
      const ended = await provider.expire(db, session.id);
      if (MONEY.includes(ended.state)) {
        await insertSession(db, { ...recorded, url: null, status: 'expired' }).catch(() => undefined);
        return { settled: await settleSession(db, provider, ended) };
      }
    }
  }
  throw new HttpError(409, 'This order is being paid in another window. Please wait a moment and try again.', 'payment_in_progress');
}

/** An open session: kept when still payable for the order's total, else ended (or settled if paid). */
async function keepOrEnd(db: Db, row: PaymentSessionRow, provider: PaymentProvider, order: OrderRow): Promise<PaymentStart | undefined> {
  const holder = providerByCode(row.provider) ?? provider;
  const seen = await holder.read(db, row.id);
  if (seen && MONEY.includes(seen.state)) return { settled: await settleSession(db, holder, seen) };
  if (seen?.state === 'processing')
    throw new HttpError(409, 'Your payment is being processed; we will e-mail you as soon as it is confirmed.', 'payment_processing');
  if (seen?.state === 'open' && holder === provider && row.amount_cents === order.grand_total_cents && seen.url) return { redirectUrl: seen.url };
  const ended = seen?.state === 'open' ? await holder.expire(db, row.id) : seen;
  if (ended && MONEY.includes(ended.state)) return { settled: await settleSession(db, holder, ended) };
  await moveSession(db, row.id, ended?.state === 'declined' ? 'declined' : 'expired', ['open']);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Settling: a session's money taken

export type SettleOutcome = 'paid' | 'revived' | 'refunded' | 'already' | 'not_paid';

/**
 * A session the provider says is paid (or authorised): the order is paid exactly once. Safe to call
 * any number of times, from any server, in any order: the session row moves once.
 */
export async function settleSession(db: Db, provider: PaymentProvider, session: ProviderSession): Promise<SettleOutcome> {
  if (!MONEY.includes(session.state)) return 'not_paid';
  const row = await findSession(db, session.id);
  const orderId = row?.order_id ?? session.orderId;
  if (!orderId) return 'not_paid';
  const result = await writeTransaction(db, async (trx) => {
    const status = session.state as 'paid' | 'authorized';
    if (row) {
      if (
        !(await moveSession(trx, session.id, status, ['open', 'expired', 'declined'], { payment_ref: session.paymentRef, amount_cents: session.amountCents }))
      )
        return { outcome: 'already' as const };
    } else {
      // A session this shop has no row of (its insert was lost): recorded now, once.
      const order = await findOrderById(trx, orderId);
      if (!order) return { outcome: 'not_paid' as const };
      try {
        await insertSession(trx, {
          id: session.id,
          provider: provider.code,
          order_id: orderId,
          amount_cents: session.amountCents,
          return_url: orderPaymentPath(order),
          url: null,
          status,
          payment_ref: session.paymentRef,
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { outcome: 'already' as const };
        throw error;
      }
    }
    await lockOrder(trx, orderId);
    const order = (await findOrderById(trx, orderId))!;
    const captured = status === 'paid' ? 1 : 0;
    const payment = {
      payment_method: 'card',
      payment_provider: provider.code,
      payment_reference: session.paymentRef,
      paid_at: nowIso(),
      payment_captured: captured,
    };
    if (session.amountCents === order.grand_total_cents && UNPAID_STATUSES.includes(order.status)) {
      await setOrderStatus(trx, order.id, 'processing', UNPAID_STATUSES, payment);
      await sellReservedDiamonds(trx, order.id);
      await expireOpenSessions(trx, order.id);
      return { outcome: 'paid' as const, order: order.id };
    }
    // Revived only when it lapsed for want of this payment; an order the shop cancelled stays cancelled.
    if (
      session.amountCents === order.grand_total_cents &&
      order.status === 'canceled' &&
      order.cancel_reason === EXPIRED_REASON &&
      !(await hadMoneyBefore(trx, order.id, session.id)) &&
      (await revive(trx, order))
    ) {
      await setOrderStatus(trx, order.id, 'processing', ['canceled'], { ...payment, cancel_reason: null });
      await assignInvoiceNumber(trx, order.id);
      await expireOpenSessions(trx, order.id);
      return { outcome: 'revived' as const, order: order.id };
    }
    // Paid for an order that cannot take it (cancelled and its stones sold, paid already, another
    // amount): the money goes back at once, in full.
    const refundId =
      status === 'authorized'
        ? undefined
        : await insertRefundRow(trx, {
            order_id: order.id,
            amount_cents: session.amountCents,
            reason: `Payment for order ${order.increment_id} received after it could no longer be kept`,
            provider: provider.code,
            payment_session_id: session.id,
            status: 'pending',
          });
    return { outcome: 'refunded' as const, order: order.id, refundId, authorized: status === 'authorized' };
  });
  if (result.outcome === 'paid' || result.outcome === 'revived') {
    const order = (await findOrderById(db, result.order))!;
    await sendPaymentMail(() => receiptMail(db, order, { revived: result.outcome === 'revived' }));
  } else if (result.outcome === 'refunded') {
    const order = (await findOrderById(db, result.order))!;
    let back = 0;
    if (result.authorized) {
      await provider.voidAuthorization(session.paymentRef ?? '', order.id);
      back = session.amountCents;
    } else if (result.refundId) {
      back = await runRefunds(db, [result.refundId]);
    }
    await sendPaymentMail(() => paymentRefundedMail(order, back, result.authorized === true));
  }
  return result.outcome;
}

async function hadMoneyBefore(db: Db, orderId: number, sessionId: string): Promise<boolean> {
  const taken = await takenSessions(db, orderId);
  return taken.some((s) => s.id !== sessionId);
}

/** PostgreSQL: the order's row is locked for the rest of the transaction (SQLite holds the write lock). */
async function lockOrder(db: Db, orderId: number): Promise<void> {
  if (!isSqlite(db)) await sql`select id from orders where id = ${orderId} for update`.execute(db);
}

/**
 * A cancelled order paid after all takes back what it gave up, if its stones are all still for sale:
 * the stones (sold to it), its store credit and its coupon use. Answers false, changing nothing, otherwise.
 */
async function revive(trx: Db, order: OrderRow): Promise<boolean> {
  const stones = await trx
    .selectFrom('order_items')
    .innerJoin('diamonds', 'diamonds.id', 'order_items.item_id')
    .select(['diamonds.id', 'diamonds.status', 'diamonds.is_hidden'])
    .where('order_items.order_id', '=', order.id)
    .orderBy('diamonds.id')
    .execute();
  if (stones.some((s) => s.status !== 'available' || s.is_hidden)) return false;
  for (const s of stones)
    if (!(await takeDiamond(trx, s.id, order.id, 'sold'))) throw new HttpError(409, 'A stone of this order was just taken', 'stone_taken');
  if (order.customer_id !== null && order.store_credit_cents > 0) {
    await trx
      .insertInto('store_credit_ledger')
      .values({
        customer_id: order.customer_id,
        amount_cents: -order.store_credit_cents,
        reason: `Order ${order.increment_id} (reinstated on payment)`,
        order_id: order.id,
        created_at: nowIso(),
      })
      .execute();
  }
  if (order.coupon_code) {
    const coupon = await trx.selectFrom('coupons').select('id').where('code', '=', order.coupon_code).executeTakeFirst();
    if (coupon) {
      await trx
        .updateTable('coupons')
        .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
        .where('id', '=', coupon.id)
        .execute();
      await trx
        .insertInto('coupon_redemptions')
        .values({ coupon_id: coupon.id, order_id: order.id, customer_id: order.customer_id, email: order.email, created_at: nowIso() })
        .execute();
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// The expiry pass asks first

/**
 * Before the expiry pass cancels unpaid card orders past their deadline, each one's open session is
 * expired at its provider; a session paid meanwhile (the shopper never came back, the notification
 * never came) settles its order instead, so the pass no longer finds it unpaid.
 */
export async function settleBeforeExpiry(db: Db, now: string, limit = 100): Promise<number> {
  const due = await db
    .selectFrom('payment_sessions')
    .innerJoin('orders', 'orders.id', 'payment_sessions.order_id')
    .select(['payment_sessions.id', 'payment_sessions.provider'])
    .where('payment_sessions.status', '=', 'open')
    .where('orders.status', 'in', UNPAID_STATUSES)
    .where('orders.payment_due_at', '<=', now)
    .orderBy('orders.payment_due_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const s of due) {
    const provider = providerByCode(s.provider);
    if (!provider) continue;
    try {
      const ended = await provider.expire(db, s.id);
      if (MONEY.includes(ended.state)) {
        if ((await settleSession(db, provider, ended)) === 'paid') settled++;
      } else {
        await moveSession(db, s.id, ended.state === 'declined' ? 'declined' : 'expired', ['open']);
      }
    } catch (error) {
      // The provider did not answer: the order waits for the next pass rather than be cancelled unasked.
      console.error(`Payment check of session ${s.id} failed:`, error);
      await db
        .updateTable('orders')
        .set({ payment_due_at: new Date(nowMs() + 60_000).toISOString() })
        .where('id', '=', (await findSession(db, s.id))!.order_id)
        .where('status', 'in', UNPAID_STATUSES)
        .execute();
    }
  }
  return settled;
}

// ---------------------------------------------------------------------------------------------------
// Refunds

interface RefundPlan {
  rowIds: number[];
  /** Authorisations never captured, released instead of refunded. */
  voids: { provider: string; paymentRef: string }[];
}

/**
 * Inside the caller's transaction: refund rows (pending) for `amountCents` of what the order's
 * payments took and has not been refunded (undefined: all of it), newest payment first. Answers the
 * rows to send to the providers once the transaction has committed.
 */
export async function planRefund(trx: Db, order: OrderRow, amountCents: number | undefined, reason: string): Promise<RefundPlan & { amountCents: number }> {
  await lockOrder(trx, order.id);
  const taken = await takenSessions(trx, order.id);
  const refunds = (await refundsOf(trx, order.id)).filter((r) => LIVE_REFUND.includes(r.status));
  const refunded = refunds.reduce((s, r) => s + r.amount_cents, 0);
  const paid = taken.reduce((s, p) => s + p.amount_cents, 0);
  const left = Math.max(0, paid - refunded);
  const want = amountCents ?? left;
  if (want > left) {
    const message = `amount: at most ${formatCents(left)} can be refunded on order ${order.increment_id} (paid ${formatCents(paid)}, refunded ${formatCents(refunded)})`;
    throw new HttpError(409, message, 'refund_exceeds_payment', { amount: [message] });
  }
  const plan: RefundPlan & { amountCents: number } = { rowIds: [], voids: [], amountCents: 0 };
  let rest = want;
  // The tax given back, in proportion to the money (cumulative, so that the parts add up to the whole).
  let moneyBack = refunded;
  let taxBack = refunds.reduce((s, r) => s + r.tax_cents, 0);
  // What each payment has left: its own refunds (older rows, without a payment named, count against the newest).
  const usedBy = new Map<string, number>();
  let unassigned = 0;
  for (const r of refunds) {
    if (r.payment_session_id) usedBy.set(r.payment_session_id, (usedBy.get(r.payment_session_id) ?? 0) + r.amount_cents);
    else unassigned += r.amount_cents;
  }
  for (const p of [...taken].reverse()) {
    if (rest <= 0) break;
    let available = p.amount_cents - (usedBy.get(p.id) ?? 0);
    const legacy = Math.min(Math.max(available, 0), unassigned);
    available -= legacy;
    unassigned -= legacy;
    if (available <= 0) continue;
    const part = Math.min(available, rest);
    if (p.status === 'authorized') {
      // Not captured yet: a whole release voids it; a part cannot be refunded before capture.
      if (part !== available)
        throw new HttpError(
          409,
          'amount: this payment is only authorised; cancel the order to release it, or refund after it is captured',
          'refund_before_capture',
          { amount: ['is less than the authorised payment'] },
        );
      plan.voids.push({ provider: p.provider, paymentRef: p.payment_ref ?? '' });
      await moveSession(trx, p.id, 'expired', ['authorized']);
    } else {
      const manual = !providerByCode(p.provider);
      const tax = refundTaxCents(order, moneyBack + part) - taxBack;
      moneyBack += part;
      taxBack += tax;
      plan.rowIds.push(
        await insertRefundRow(trx, {
          order_id: order.id,
          amount_cents: part,
          tax_cents: tax,
          reason,
          provider: p.provider,
          payment_session_id: p.id,
          status: manual ? 'manual' : 'pending',
        }),
      );
    }
    plan.amountCents += part;
    rest -= part;
  }
  return plan;
}

/** Sends pending refund rows to their providers; answers the amount the providers accepted. */
export async function runRefunds(db: Db, rowIds: number[]): Promise<number> {
  let accepted = 0;
  for (const id of rowIds) {
    const row = await db.selectFrom('order_refunds').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) continue;
    if (row.status === 'manual') {
      accepted += row.amount_cents;
      await creditNote(db, id);
      continue;
    }
    if (row.status !== 'pending' || row.provider_refund_id) {
      if (LIVE_REFUND.includes(row.status)) accepted += row.amount_cents;
      continue;
    }
    const provider = providerByCode(row.provider ?? '');
    const payment = row.payment_session_id
      ? await findSession(db, row.payment_session_id)
      : (await takenSessions(db, row.order_id)).find((p) => p.provider === row.provider);
    if (!provider || !payment?.payment_ref) {
      await updateRefundRow(db, id, { status: 'failed' });
      continue;
    }
    try {
      const refund = await provider.refund({
        paymentRef: payment.payment_ref,
        amountCents: row.amount_cents,
        orderId: row.order_id,
        refundRowId: id,
        idempotencyKey: `refund-${row.order_id}-${id}`,
      });
      // The provider's notification may have recorded this refund already (charge.refunded): one row.
      const twin = await db.selectFrom('order_refunds').select('id').where('provider_refund_id', '=', refund.id).where('id', '!=', id).executeTakeFirst();
      if (twin) await db.deleteFrom('order_refunds').where('id', '=', twin.id).execute();
      await updateRefundRow(db, id, { provider_refund_id: refund.id, status: refund.status });
      if (LIVE_REFUND.includes(refund.status)) {
        accepted += row.amount_cents;
        await creditNote(db, id);
      }
    } catch (error) {
      console.error(`Refund ${id} of order ${row.order_id} failed:`, error);
      await updateRefundRow(db, id, { status: 'failed' });
    }
  }
  return accepted;
}

/** A refund the provider accepted gets its credit note number (a failure is logged: staff can number it again by CLI). */
async function creditNote(db: Db, refundId: number): Promise<void> {
  try {
    await writeTransaction(db, (trx) => assignCreditNoteNumber(trx, refundId));
  } catch (error) {
    console.error(`Numbering the credit note of refund ${refundId} failed:`, error);
  }
}

/** Releases authorisations never captured (manual capture): nothing is charged. */
export async function runVoids(voids: RefundPlan['voids'], orderId: number): Promise<number> {
  let n = 0;
  for (const v of voids) {
    const provider = providerByCode(v.provider);
    if (!provider) continue;
    await provider.voidAuthorization(v.paymentRef, orderId);
    n++;
  }
  return n;
}

/** POST /api/admin/orders/{id}/refund and `npm run orders -- refund`: part (or the rest) of what was paid. */
export async function refundOrder(db: Db, order: OrderRow, amountCents: number, reason: string | undefined): Promise<{ refundedCents: number }> {
  const why = reason?.trim() || `Refund on order ${order.increment_id}`;
  const plan = await writeTransaction(db, async (trx) => planRefund(trx, (await findOrderById(trx, order.id))!, amountCents, why));
  await runVoids(plan.voids, order.id);
  const accepted = (await runRefunds(db, plan.rowIds)) + (plan.voids.length ? plan.amountCents : 0);
  if (accepted === 0) throw new HttpError(502, 'The payment provider did not accept the refund; nothing was refunded. Please try again.', 'refund_failed');
  const after = (await findOrderById(db, order.id))!;
  const taxBack = plan.rowIds.length
    ? (await db.selectFrom('order_refunds').select(['tax_cents', 'status']).where('id', 'in', plan.rowIds).execute())
        .filter((r) => LIVE_REFUND.includes(r.status))
        .reduce((s, r) => s + r.tax_cents, 0)
    : 0;
  await sendPaymentMail(() => refundMail(after, accepted, why, taxBack));
  return { refundedCents: accepted };
}

// ---------------------------------------------------------------------------------------------------
// Bank transfers and manual capture

/** Staff saw the transfer arrive: `pending` → `processing`, a payment row, the receipt mail. */
export async function markTransferPaid(db: Db, order: OrderRow, reference: string | undefined): Promise<void> {
  const ref = reference?.trim() || order.increment_id;
  const moved = await writeTransaction(db, async (trx) => {
    const current = (await findOrderById(trx, order.id))!;
    if (current.payment_method !== 'banktransfer') return false;
    if (
      !(await setOrderStatus(trx, order.id, 'processing', ['pending'], {
        payment_provider: 'banktransfer',
        payment_reference: ref,
        paid_at: nowIso(),
        payment_captured: 1,
      }))
    )
      return false;
    await sellReservedDiamonds(trx, order.id);
    await insertSession(trx, {
      id: `bt_${order.id}`,
      provider: 'banktransfer',
      order_id: order.id,
      amount_cents: current.grand_total_cents,
      return_url: '',
      url: null,
      status: 'paid',
      payment_ref: ref,
    });
    return true;
  });
  const after = (await findOrderById(db, order.id))!;
  if (!moved) {
    const why =
      after.payment_method !== 'banktransfer'
        ? 'it is not paid by bank transfer'
        : `it is ${after.status === 'canceled' ? 'cancelled' : after.status.replace(/_/g, ' ')}`;
    throw new HttpError(409, `Only a bank-transfer order waiting for its payment can be marked paid; ${why}`, 'order_not_awaiting_transfer', {
      status: [after.status],
    });
  }
  await sendPaymentMail(() => receiptMail(db, after, { revived: false }));
}

/** Manual capture: an order's authorised card payment is captured (when it ships). */
export async function captureIfAuthorized(db: Db, orderId: number): Promise<void> {
  const held = (await takenSessions(db, orderId)).filter((p) => p.status === 'authorized');
  for (const p of held) {
    const provider = providerByCode(p.provider);
    if (!provider || !p.payment_ref) continue;
    await provider.capture(p.payment_ref, orderId);
    await moveSession(db, p.id, 'paid', ['authorized']);
  }
  if (held.length) await db.updateTable('orders').set({ payment_captured: 1 }).where('id', '=', orderId).execute();
}
