/**
 * Messages queued as a template and its parameters (outbox.ts), rendered by the sender at their first
 * attempt from the committed data: an order's confirmation and the staff's notices of a new, a paid and a cancelled order.
 */
import type { Db } from '~/server/db/database.ts';
import { findOrderById } from '~/server/checkout/order-writer.repository.ts';
import { presentOrder } from '~/server/checkout/order.presenter.ts';
import { orderConfirmationMail, staffNewOrderMail, staffOrderCancelledMail, staffOrderPaidMail } from '~/server/checkout/order-mail.ts';
import type { MailMessage } from './mailer.ts';

type Render = (db: Db, params: Record<string, unknown>) => Promise<MailMessage>;

async function order(db: Db, params: Record<string, unknown>) {
  const row = await findOrderById(db, Number(params.orderId));
  if (!row) throw new Error(`order ${String(params.orderId)} does not exist`);
  return presentOrder(row);
}

export const TEMPLATES: Record<string, Render> = {
  order_confirmation: async (db, params) => orderConfirmationMail(await order(db, params)),
  staff_new_order: async (db, params) => staffNewOrderMail(await order(db, params)),
  staff_order_paid: async (db, params) => staffOrderPaidMail(await order(db, params)),
  staff_order_cancelled: async (db, params) => staffOrderCancelledMail(await order(db, params)),
};

/** Templates whose failure is not itself reported to the staff (the staff's own notices). */
export const isStaffTemplate = (template: string | null) => template?.startsWith('staff_') === true;
