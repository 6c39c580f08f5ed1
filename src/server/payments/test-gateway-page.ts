/**
 * Paying a test-gateway session from its hosted page (/checkout/payment-gateway): the session is paid
 * and its order settled in one step, so an order whose session was paid is paid even if the shopper
 * never comes back. Only an open session of an order still waiting for its payment can be paid; ten
 * forms posted at once pay it once (the session row moves once, payments.service.ts).
 */
import type { Db } from '~/server/db/database.ts';
import { expireDueOrders } from '~/server/orders/order-lifecycle.ts';
import { UNPAID_STATUSES } from '~/server/orders/order-status.ts';
import { findSession, moveSession } from './payment-session.repository.ts';
import { settleSession } from './payments.service.ts';
import { DECLINED_CARDS, testGateway, type CardInput } from './test-gateway.ts';

export type GatewayOutcome = { returnUrl: string; declined?: string; refused?: string };

const back = (returnUrl: string, sessionId: string) => `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}session=${encodeURIComponent(sessionId)}`;

/** The test gateway's own session (another provider's has no page here), or undefined. */
export async function findTestSession(db: Db, sessionId: string) {
  const found = sessionId ? await findSession(db, sessionId) : undefined;
  return found?.provider === 'test' ? found : undefined;
}

/** Pays (or declines) the session with a checked card; answers where to send the shopper back. */
export async function payWithCard(db: Db, sessionId: string, card: CardInput): Promise<GatewayOutcome | undefined> {
  const session = await findSession(db, sessionId);
  if (!session || session.provider !== 'test') return undefined;
  const digits = card.card_number.replace(/[\s-]/g, '');
  const declined = DECLINED_CARDS[digits];
  // An order no longer waiting for its payment (expired, cancelled, paid in another tab) is charged
  // nothing: the shop, back from here, says why.
  await expireDueOrders(db);
  const order = await db.selectFrom('orders').select(['status', 'grand_total_cents']).where('id', '=', session.order_id).executeTakeFirst();
  if (!order || !UNPAID_STATUSES.includes(order.status) || session.status !== 'open')
    return { returnUrl: back(session.return_url, sessionId), refused: 'This payment can no longer be made.' };
  if (declined) {
    await moveSession(db, sessionId, 'declined', ['open'], { card_last4: digits.slice(-4) });
    return { returnUrl: back(session.return_url, sessionId), declined };
  }
  await db
    .updateTable('payment_sessions')
    .set({ card_last4: digits.slice(-4) })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .execute();
  await settleSession(db, testGateway, {
    id: sessionId,
    url: null,
    state: 'paid',
    amountCents: session.amount_cents,
    paymentRef: sessionId,
    orderId: session.order_id,
  });
  return { returnUrl: back(session.return_url, sessionId) };
}
