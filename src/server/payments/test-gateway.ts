/**
 * The built-in test gateway: a hosted payment page on this server (/checkout/payment-gateway) that
 * takes the usual test card numbers. 4242 4242 4242 4242 (and any other number passing the Luhn check)
 * is paid; 4000 0000 0000 0002 (generic decline) and 4000 0000 0000 9995 (insufficient funds) are
 * declined. It never sees a real card: it is for demos and tests.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '~/server/db/database.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { closeSession, findSession, insertSession } from './payment-session.repository.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { UNPAID_STATUSES } from '~/server/orders/order-status.ts';

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

/** Pays (or declines) the session with a checked card; answers where to send the shopper back. */
export async function payWithCard(db: Db, sessionId: string, card: CardInput): Promise<{ returnUrl: string; declined?: string } | undefined> {
  const session = await findSession(db, sessionId);
  if (!session) return undefined;
  const digits = card.card_number.replace(/[\s-]/g, '');
  const declined = DECLINED_CARDS[digits];
  // An order no longer waiting for its payment (expired, cancelled) is charged nothing: the session
  // stays open and the shop, back from here, says why.
  await expireDueOrders(db);
  const order = await db.selectFrom('orders').select('status').where('id', '=', session.order_id).executeTakeFirst();
  if (order && UNPAID_STATUSES.includes(order.status)) await closeSession(db, sessionId, declined ? 'declined' : 'paid', digits.slice(-4));
  const back = `${session.return_url}${session.return_url.includes('?') ? '&' : '?'}session=${encodeURIComponent(sessionId)}`;
  return { returnUrl: back, declined };
}

export const testGateway: PaymentProvider = {
  code: 'test',
  async start(db, payment) {
    const sessionId = `ts_${randomBytes(24).toString('base64url')}`;
    await insertSession(db, { id: sessionId, order_id: payment.orderId, amount_cents: payment.amountCents, return_url: payment.returnUrl });
    return { sessionId, redirectUrl: `/checkout/payment-gateway?session=${encodeURIComponent(sessionId)}` };
  },
  async status(db, sessionId) {
    const s = await findSession(db, sessionId);
    return s && { orderId: s.order_id, amountCents: s.amount_cents, status: s.status };
  },
};
