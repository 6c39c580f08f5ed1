/**
 * The ways to pay, and where each is offered. Cash on delivery is for domestic (US) deliveries up to a
 * value cap: the courier carries the cash and the risk. A card is paid on the payment provider's page.
 */
import type { PaymentMethod, PaymentMethodCode } from '~/features/checkout/checkout.schema.ts';
import { transferWindowWords } from '~/server/orders/payment-hold.ts';
import { cardProvider } from '~/server/payments/payment-provider.ts';
import { bankLines, bankRows } from '~/server/payments/bank-transfer.ts';

export const COD_LIMIT_CENTS = 500_000;

const ALL: Record<PaymentMethodCode, PaymentMethod> = {
  card: { method: 'card', method_title: 'Credit or debit card', description: 'Pay securely on our payment page; your card details never touch our shop.' },
  banktransfer: {
    method: 'banktransfer',
    method_title: 'Bank transfer',
    description: 'Transfer the total within 3 days using your order number as the reference; we ship once it arrives.',
  },
  cashondelivery: {
    method: 'cashondelivery',
    method_title: 'Cash on delivery',
    description: 'Pay the courier in cash when your parcel arrives (US deliveries up to $5,000).',
  },
};

export function paymentMethods(shippingCountry: string | undefined, grandTotalCents: number): PaymentMethod[] {
  // The transfer's window is the shop's (orders/payment-hold.ts): the order is cancelled after it.
  const details = bankLines(bankRows());
  const transfer = {
    ...ALL.banktransfer,
    description: `Transfer the total within ${transferWindowWords()} using your order number as the reference; we ship once it arrives.${details.length ? ` ${details.join('. ')}.` : ''}`,
  };
  // No card provider (production without one configured): cards are not offered at all.
  const methods = cardProvider() ? [ALL.card, transfer] : [transfer];
  if (shippingCountry === 'US' && grandTotalCents <= COD_LIMIT_CENTS) methods.push(ALL.cashondelivery);
  return methods;
}

export const paymentTitle = (code: string) => ALL[code as PaymentMethodCode]?.method_title ?? code;
