/**
 * The payment-provider interface: checkout asks a provider to start a payment for an order (the
 * shopper is sent to the provider's hosted page) and later asks how that payment ended. The built-in
 * test gateway (test-gateway.ts) implements it on this server; a real provider (Stripe Checkout,
 * Adyen…) would implement the same two calls over its API, keeping card details off this shop.
 */
import type { Db } from '~/server/db/database.ts';
import { testGateway } from './test-gateway.ts';

export type PaymentStatus = 'open' | 'paid' | 'declined';

export interface StartPayment {
  orderId: number;
  amountCents: number;
  /** Path on this shop the hosted page returns to; the provider appends `session=`. */
  returnUrl: string;
}

export interface PaymentProvider {
  readonly code: string;
  /** Runs inside the caller's transaction (db), so an order and its payment session exist together. */
  start(db: Db, payment: StartPayment): Promise<{ sessionId: string; redirectUrl: string }>;
  status(db: Db, sessionId: string): Promise<{ orderId: number; amountCents: number; status: PaymentStatus } | undefined>;
}

/** PAYMENT_PROVIDER chooses the provider; only the built-in test gateway ships with the shop. */
export function paymentProvider(): PaymentProvider {
  return testGateway;
}
