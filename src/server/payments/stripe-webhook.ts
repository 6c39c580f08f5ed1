/**
 * POST /api/payments/stripe/webhook: Stripe's signed notifications. The raw body's Stripe-Signature
 * is verified with STRIPE_WEBHOOK_SECRET (a missing or wrong signature: 400, nothing changed); each
 * event is recorded by its id once handled, so a repeated delivery answers 200 and changes nothing.
 * - checkout.session.completed (paid, or authorised with manual capture) and
 *   checkout.session.async_payment_succeeded: the order is paid (settleSession, exactly once);
 * - checkout.session.async_payment_failed and checkout.session.expired: the session ends, the order
 *   stays unpaid until its payment window closes;
 * - charge.refunded: refunds made in Stripe's dashboard are recorded on the order.
 * Other event types are acknowledged and ignored.
 */
import { env } from '~/server/config/env.ts';
import Stripe from 'stripe';
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { findRefundByProviderId, eventSeen, insertRefundRow, moveSession, recordEvent, updateRefundRow } from './payment-session.repository.ts';
import { settleSession } from './payments.service.ts';
import { stripeClient, stripeProvider, viewOf } from './stripe-provider.ts';

/** Stripe's own limit on a notification's age (its SDK's default tolerance). */
const TOLERANCE_S = 300;

export async function handleStripeWebhook(db: Db, rawBody: string, signature: string | null): Promise<{ received: true; duplicate?: true }> {
  const secret = env('STRIPE_WEBHOOK_SECRET');
  // Without a webhook secret no notification can be trusted: the route does not exist.
  if (!secret) throw notFound();
  if (!signature) throw new HttpError(400, 'Stripe-Signature: the header is missing', 'bad_signature', { 'Stripe-Signature': ['is missing'] });
  let event: Stripe.Event;
  try {
    event = await stripeClient().webhooks.constructEventAsync(rawBody, signature, secret, TOLERANCE_S);
  } catch (error) {
    const message =
      error instanceof Stripe.errors.StripeSignatureVerificationError
        ? 'Stripe-Signature: the signature does not match this body'
        : 'The body is not a Stripe event';
    throw new HttpError(400, message, 'bad_signature', { 'Stripe-Signature': ['does not match'] });
  }
  if (await eventSeen(db, event.id)) return { received: true, duplicate: true };
  await handleEvent(db, event);
  if (!(await recordEvent(db, { id: event.id, provider: 'stripe', type: event.type }))) return { received: true, duplicate: true };
  return { received: true };
}

async function handleEvent(db: Db, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // The event's copy may be old: the session is read again, the provider's word now.
      const view = await viewOf(await stripeClient().checkout.sessions.retrieve(event.data.object.id));
      await settleSession(db, stripeProvider, view);
      return;
    }
    case 'checkout.session.async_payment_failed':
      await moveSession(db, event.data.object.id, 'declined', ['open']);
      return;
    case 'checkout.session.expired':
      await moveSession(db, event.data.object.id, 'expired', ['open']);
      return;
    case 'charge.refunded':
      await recordDashboardRefunds(db, event.data.object);
      return;
    default:
      return;
  }
}

/** Refunds of this charge that the shop did not ask for (made in Stripe's dashboard) become rows. */
async function recordDashboardRefunds(db: Db, charge: Stripe.Charge): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return;
  const payment = await db
    .selectFrom('payment_sessions')
    .select(['id', 'order_id'])
    .where('provider', '=', 'stripe')
    .where('payment_ref', '=', intent)
    .executeTakeFirst();
  if (!payment) return;
  for await (const refund of stripeClient().refunds.list({ payment_intent: intent, limit: 100 })) {
    const known = await findRefundByProviderId(db, refund.id);
    if (known) {
      if (known.status !== refund.status && refund.status) await updateRefundRow(db, known.id, { status: refund.status });
      continue;
    }
    // One the shop asked for, whose answer it has not written yet: that row gets the id.
    const own = Number(refund.metadata?.refund_row);
    if (Number.isSafeInteger(own) && own > 0) {
      const row = await db
        .selectFrom('order_refunds')
        .select(['id', 'provider_refund_id'])
        .where('id', '=', own)
        .where('order_id', '=', payment.order_id)
        .executeTakeFirst();
      if (row && !row.provider_refund_id) {
        await updateRefundRow(db, row.id, { provider_refund_id: refund.id, status: refund.status ?? 'pending' });
        continue;
      }
      if (row) continue;
    }
    try {
      await insertRefundRow(db, {
        order_id: payment.order_id,
        amount_cents: refund.amount,
        reason: refund.reason ? `Refunded in Stripe (${refund.reason.replace(/_/g, ' ')})` : 'Refunded in Stripe',
        provider: 'stripe',
        provider_refund_id: refund.id,
        payment_session_id: payment.id,
        status: refund.status ?? 'succeeded',
      });
    } catch {
      // Recorded by a concurrent delivery (the provider id is unique).
    }
  }
}
