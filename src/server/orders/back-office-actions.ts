/**
 * The order page's actions (/admin/orders/{increment_id}): the services the CLI and the admin API use,
 * each written to the activity record with who did it and the status before and after.
 */
import { getDb } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { recordActivity, type Actor } from '~/server/staff/activity.ts';
import { resend } from '~/server/mail/outbox.ts';
import { parseForm } from '~/server/staff/admin-forms.ts';
import { cancelOrder, markPaidByReference, refundByReference, shipOrder, shipRequestSchema } from './order-lifecycle.ts';
import { markPaidRequestSchema, refundRequestSchema } from './staff.answers.ts';
import { addOrderNote, findOrderForStaff, noteSchema } from './back-office-orders.ts';
import { orderActivity } from './order-activity.ts';

const blankToUndefined = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

export async function runOrderAction(actor: Actor, reference: string, action: string, values: Record<string, string>): Promise<string> {
  const db = await getDb();
  const order = await findOrderForStaff(reference);
  const before = { status: order.status };
  const back = (notice: string) => `/admin/orders/${encodeURIComponent(order.increment_id)}?notice=${notice}`;
  switch (action) {
    case 'mark-paid': {
      const input = parseForm(markPaidRequestSchema, blankToUndefined({ reference: values.reference ?? '' }));
      const view = await markPaidByReference(db, order.increment_id, input.reference);
      await recordActivity(actor, orderActivity('mark_paid', view, { reference: input.reference ?? order.increment_id }, before));
      return back('marked-paid');
    }
    case 'ship': {
      const input = parseForm(shipRequestSchema, { carrier: values.carrier ?? '', tracking: values.tracking ?? '' });
      const view = await shipOrder(db, order.increment_id, input);
      await recordActivity(actor, orderActivity('ship', view, { carrier: input.carrier, tracking: input.tracking }, before));
      return back('shipped');
    }
    case 'cancel': {
      const view = await cancelOrder(db, order.increment_id);
      await recordActivity(actor, orderActivity('cancel', view, {}, before));
      return back('cancelled');
    }
    case 'refund': {
      const input = parseForm(refundRequestSchema, blankToUndefined({ amount: values.amount ?? '', reason: values.reason ?? '' }));
      const { view, refundedCents } = await refundByReference(db, order.increment_id, input.amount, input.reason);
      await recordActivity(actor, orderActivity('refund', view, { amount_cents: refundedCents, reason: input.reason ?? null }, before));
      return back('refunded');
    }
    case 'resend': {
      const id = Number(values.mail);
      const mail = Number.isInteger(id)
        ? await db.selectFrom('mail_outbox').select(['id', 'recipient', 'subject', 'template']).where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!mail || mail.recipient !== order.email) throw notFound('That e-mail is not one of this order');
      await resend(db, mail.id);
      await recordActivity(actor, {
        ...orderActivity('resend', order),
        summary: `Resent "${mail.subject ?? mail.template}" for order ${order.increment_id} to ${mail.recipient}`,
        after: { mail: mail.id },
      });
      return back('resent');
    }
    case 'note': {
      const { note } = parseForm(noteSchema, values);
      await addOrderNote(order.id, actor.email, note);
      await recordActivity(actor, { ...orderActivity('note', order), after: { note } });
      return back('note-added');
    }
    default:
      throw new HttpError(400, 'Unknown action', 'bad_request');
  }
}
