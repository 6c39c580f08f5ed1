/**
 * Stripe through its official SDK: hosted Checkout Sessions (card details never touch the shop),
 * refunds, manual capture. Settings: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (stripe-webhook.ts),
 * STRIPE_API_URL (default Stripe's own; another address points the SDK at a stand-in with the same
 * API, for tests) and STRIPE_CAPTURE (`manual`: authorise at checkout, capture when the order ships).
 */
import { env } from '~/server/config/env.ts';
import Stripe from 'stripe';
import { siteUrl } from '~/server/mail/mailer.ts';
import type { OrderToPay, PaymentProvider, ProviderSession, SessionState } from './payment-provider.ts';

/** Stripe accepts expires_at from 30 minutes to 24 hours after the session's creation. */
const MIN_EXPIRY_S = 30 * 60 + 60;
const MAX_EXPIRY_S = 24 * 3600 - 60;

let client: { key: string; api: string; stripe: Stripe } | undefined;

/** The SDK client for the current settings (made again when they change, as in tests). */
export function stripeClient(): Stripe {
  const key = env('STRIPE_SECRET_KEY') ?? '';
  const api = env('STRIPE_API_URL') ?? '';
  if (client?.key === key && client.api === api) return client.stripe;
  const target = api ? new URL(api) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Aurelle storefront' },
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === 'https:' ? 443 : 80), protocol: target.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
  client = { key, api, stripe };
  return stripe;
}

export const manualCapture = () => env('STRIPE_CAPTURE')?.toLowerCase() === 'manual';

async function stateOf(session: Stripe.Checkout.Session): Promise<SessionState> {
  if (session.status === 'open') return 'open';
  if (session.status === 'expired') return 'expired';
  if (session.payment_status === 'paid') return 'paid';
  // Complete but unpaid: an authorisation waiting for capture, or a delayed payment method still settling.
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (intent) {
    const pi = await stripeClient().paymentIntents.retrieve(intent);
    if (pi.status === 'requires_capture') return 'authorized';
    if (pi.status === 'succeeded') return 'paid';
    if (pi.status === 'canceled' || pi.status === 'requires_payment_method') return 'declined';
  }
  return 'processing';
}

export async function viewOf(session: Stripe.Checkout.Session): Promise<ProviderSession> {
  const orderId = Number(session.metadata?.order_id);
  return {
    id: session.id,
    url: session.status === 'open' ? session.url : null,
    state: await stateOf(session),
    amountCents: session.amount_total ?? 0,
    paymentRef: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null,
  };
}

function expiresAt(order: OrderToPay): number {
  const now = Math.floor(Date.now() / 1000);
  const due = order.expiresAtMs === null ? now + MAX_EXPIRY_S : Math.floor(order.expiresAtMs / 1000);
  // A deadline nearer than Stripe's minimum: the session gets the minimum, and the expiry pass expires
  // it at the deadline (asking first whether it was paid), so it cannot be paid after the order lapsed.
  return Math.min(now + MAX_EXPIRY_S, Math.max(due, now + MIN_EXPIRY_S));
}

const isNotOpen = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError;

export const stripeProvider: PaymentProvider = {
  code: 'stripe',
  async open(_db, order) {
    const back = `${siteUrl()}${order.returnPath}`;
    const manual = manualCapture();
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: 'payment',
        currency: 'usd',
        line_items: order.lines.map((l) => ({
          quantity: l.quantity,
          price_data: { currency: 'usd', unit_amount: l.unitAmountCents, product_data: { name: l.name } },
        })),
        client_reference_id: order.incrementId,
        customer_email: order.email,
        metadata: { order_id: String(order.orderId) },
        payment_intent_data: {
          metadata: { order_id: String(order.orderId), increment_id: order.incrementId },
          ...(manual ? { capture_method: 'manual' as const } : {}),
        },
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        expires_at: expiresAt(order),
      },
      { idempotencyKey: `order-${order.orderId}-attempt-${order.attempt}` },
    );
    return viewOf(session);
  },
  async read(_db, sessionId) {
    try {
      return await viewOf(await stripeClient().checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw error;
    }
  },
  async expire(_db, sessionId) {
    try {
      return await viewOf(await stripeClient().checkout.sessions.expire(sessionId));
    } catch (error) {
      // Only an open session can be expired: this one finished first (paid, or expired already).
      if (!isNotOpen(error)) throw error;
      return viewOf(await stripeClient().checkout.sessions.retrieve(sessionId));
    }
  },
  async capture(paymentRef, orderId) {
    await stripeClient().paymentIntents.capture(paymentRef, {}, { idempotencyKey: `capture-${orderId}-${paymentRef}` });
  },
  async voidAuthorization(paymentRef, orderId) {
    await stripeClient().paymentIntents.cancel(paymentRef, {}, { idempotencyKey: `void-${orderId}-${paymentRef}` });
  },
  async refund(payment) {
    const refund = await stripeClient().refunds.create(
      {
        payment_intent: payment.paymentRef,
        amount: payment.amountCents,
        metadata: { order_id: String(payment.orderId), refund_row: String(payment.refundRowId) },
      },
      { idempotencyKey: payment.idempotencyKey },
    );
    return { id: refund.id, status: refund.status ?? 'pending' };
  },
};
