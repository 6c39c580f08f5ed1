/**
 * The Stripe objects the stand-in (stripe-stand-in.ts) answers, named for stripe-schema.ts, which
 * turns the official SDK's declarations of them into JSON Schemas.
 */
import type Stripe from 'stripe';

export type CheckoutSession = Stripe.Checkout.Session;
export type PaymentIntent = Stripe.PaymentIntent;
export type Refund = Stripe.Refund;
export type Charge = Stripe.Charge;
export type CheckoutSessionCompletedEvent = Stripe.CheckoutSessionCompletedEvent;
export type CheckoutSessionExpiredEvent = Stripe.CheckoutSessionExpiredEvent;
export type ChargeRefundedEvent = Stripe.ChargeRefundedEvent;
export type RefundList = Stripe.ApiList<Stripe.Refund>;
