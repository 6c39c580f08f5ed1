/**
 * The built-in test gateway: a hosted payment page on this server (/checkout/payment-gateway) that
 * takes the usual test card numbers. 4242 4242 4242 4242 (and any other number passing the Luhn check)
 * is paid; 4000 0000 0000 0002 (generic decline) and 4000 0000 0000 9995 (insufficient funds) are
 * declined. It never sees a real card and moves no money: it is for demos and tests, and refused in
 * production unless PAYMENT_TEST_GATEWAY=1 (payment-provider.ts). Its sessions are the shop's own rows
 * (payment_sessions), so reading one is reading the row; paying one is test-gateway-page.ts.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderSession } from './payment-provider.ts';
import { findSession, moveSession, type PaymentSessionRow } from './payment-session.repository.ts';

export const DECLINED_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  card_number: string;
  expiry: string;
  cvc: string;
}

/** The card form's checks, as `errors` per field (empty when the card can be tried). */
export function checkCard(card: CardInput, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.card_number = 'Enter a valid card number';
  const m = card.expiry.trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  const month = m ? Number(m[1]) : 0;
  const end = m ? new Date(Date.UTC(2000 + Number(m[2]), month, 1)) : undefined;
  if (!m || month < 1 || month > 12) errors.expiry = 'Enter the expiry date as MM/YY';
  else if (end! <= now) errors.expiry = 'This card has expired';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit security code';
  return errors;
}

export const gatewayPath = (sessionId: string) => `/checkout/payment-gateway?session=${encodeURIComponent(sessionId)}`;

function view(row: PaymentSessionRow): ProviderSession {
  return {
    id: row.id,
    url: row.status === 'open' ? gatewayPath(row.id) : null,
    state: row.status,
    amountCents: row.amount_cents,
    paymentRef: row.payment_ref,
    orderId: row.order_id,
  };
}

export const testGateway: PaymentProvider = {
  code: 'test',
  async open(_db, order) {
    const id = `ts_${randomBytes(24).toString('base64url')}`;
    return { id, url: gatewayPath(id), state: 'open', amountCents: order.amountCents, paymentRef: null, orderId: order.orderId };
  },
  async read(db, sessionId) {
    const row = await findSession(db, sessionId);
    return row && row.provider === 'test' ? view(row) : undefined;
  },
  async expire(db, sessionId) {
    await moveSession(db, sessionId, 'expired', ['open']);
    const row = await findSession(db, sessionId);
    // A session opened but never recorded (it lost a race to another "Pay") was never payable.
    return row ? view(row) : { id: sessionId, url: null, state: 'expired', amountCents: 0, paymentRef: null, orderId: null };
  },
  async capture() {
    // The test gateway takes payments whole; nothing is ever only authorised.
  },
  async voidAuthorization() {},
  async refund(payment) {
    return { id: `tre_${payment.refundRowId}_${randomBytes(6).toString('hex')}`, status: 'succeeded' };
  },
};
