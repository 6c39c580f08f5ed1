/**
 * The payment-provider extension point. A card provider hosts the payment page (card details never
 * touch the shop) and is asked, by session id, how a payment ended; it voids sessions, captures
 * authorised payments and refunds. Everything else (one payable session per order, settling an order
 * exactly once, refunds never above what was paid) is the shop's, in payments.service.ts, the same for
 * every provider.
 *
 * Adding a provider: one module implementing PaymentProvider, and one line in PROVIDERS below
 * (docs/api.md, "Payments"). Its notifications (webhooks) get a route of their own under
 * /api/payments/{code}/ that verifies them and calls settleSession / recordProviderRefund.
 */
import type { Db } from '~/server/db/database.ts';
import { stripeProvider } from './stripe-provider.ts';
import { testGateway } from './test-gateway.ts';
import { providerSetting, type ProviderCode } from './payment-settings.ts';

/** A session as the provider sees it. `processing`: completed by the shopper, money not yet confirmed. */
export type SessionState = 'open' | 'processing' | 'paid' | 'authorized' | 'declined' | 'expired';

export interface PaymentLine {
  name: string;
  unitAmountCents: number;
  quantity: number;
}

export interface OrderToPay {
  orderId: number;
  incrementId: string;
  email: string;
  amountCents: number;
  /** Lines whose amounts × quantities add up to amountCents. */
  lines: PaymentLine[];
  /** Path on this shop the hosted page returns to; the provider appends `session=`. */
  returnPath: string;
  /** The order's payment deadline, in real (provider) time: the session must not outlive it. */
  expiresAtMs: number | null;
  /** 1 for the order's first session, then 2, 3…: with the order id, the provider's idempotency key. */
  attempt: number;
}

export interface ProviderSession {
  id: string;
  /** The hosted payment page (null once the session is finished). */
  url: string | null;
  state: SessionState;
  amountCents: number;
  /** The payment at the provider once there is one (Stripe's PaymentIntent id). */
  paymentRef: string | null;
  orderId: number | null;
}

export interface ProviderRefund {
  id: string;
  /** pending, succeeded, failed, canceled, requires_action (the provider's word). */
  status: string;
}

export interface PaymentProvider {
  readonly code: string;
  /** Opens a hosted payment session for the order. */
  open(db: Db, order: OrderToPay): Promise<ProviderSession>;
  /** The session's state at the provider (undefined: it knows no such session). */
  read(db: Db, sessionId: string): Promise<ProviderSession | undefined>;
  /** Ends an open session so that it can never be paid; answers its state after (paid if it was paid first). */
  expire(db: Db, sessionId: string): Promise<ProviderSession>;
  /** Captures an authorised payment (manual capture). */
  capture(paymentRef: string, orderId: number): Promise<void>;
  /** Releases an authorisation never captured: nothing is charged. */
  voidAuthorization(paymentRef: string, orderId: number): Promise<void>;
  /** Refunds part or all of a payment; the key makes a retried request refund once. */
  refund(payment: { paymentRef: string; amountCents: number; orderId: number; refundRowId: number; idempotencyKey: string }): Promise<ProviderRefund>;
}

const PROVIDERS: Record<ProviderCode, PaymentProvider> = {
  stripe: stripeProvider,
  test: testGateway,
};

/** The card provider the settings choose (payment-settings.ts), or undefined when cards are not offered. */
export function cardProvider(): PaymentProvider | undefined {
  const { code } = providerSetting();
  return code ? PROVIDERS[code] : undefined;
}

/** The provider that holds a payment made earlier (the one in use may have changed since). */
export function providerByCode(code: string): PaymentProvider | undefined {
  return (PROVIDERS as Record<string, PaymentProvider>)[code];
}
