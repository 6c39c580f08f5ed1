/** The e-mails of a hold: placed, a reminder before it ends, ended, and a change to the held stone. */
import type { Db } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { simpleHtml, siteUrl, type MailMessage } from '~/server/mail/mailer.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import { whenWords } from './hold-settings.ts';
import type { HoldRow } from './hold.repository.ts';

async function parties(db: Db, hold: HoldRow) {
  const customer = await db.selectFrom('customers').select(['email', 'first_name']).where('id', '=', hold.customer_id).executeTakeFirstOrThrow();
  const stone = await db.selectFrom('diamonds').select(['id', 'carat', 'shape', 'origin', 'price_cents']).where('id', '=', hold.diamond_id).executeTakeFirst();
  const name = stone ? diamondName(stone) : `diamond ${hold.diamond_id}`;
  return { customer, stone, name, url: `${siteUrl()}/diamonds/${hold.diamond_id}` };
}

function message(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): MailMessage {
  return { to, subject, text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`, html: simpleHtml(paragraphs, action) };
}

export async function holdPlacedMail(db: Db, hold: HoldRow): Promise<MailMessage> {
  const p = await parties(db, hold);
  return message(
    p.customer.email,
    `We are holding the ${p.name} for you`,
    [
      `Hello ${p.customer.first_name},`,
      `The ${p.name} is yours to think over until ${whenWords(hold.expires_at)}: no one else can buy it meanwhile.`,
      'When you are ready, add it to your cart and check out as usual.',
    ],
    { label: 'See your diamond', url: p.url },
  );
}

export async function holdReminderMail(db: Db, hold: HoldRow): Promise<MailMessage> {
  const p = await parties(db, hold);
  return message(
    p.customer.email,
    `Your hold on the ${p.name} ends soon`,
    [`Hello ${p.customer.first_name},`, `Your hold on the ${p.name} ends at ${whenWords(hold.expires_at)}. After that, anyone may buy it.`],
    { label: 'Buy it now', url: p.url },
  );
}

const ENDED: Record<string, string> = {
  expired: 'has ended',
  staff: 'has been released by our team',
  delisted: 'has ended: the diamond is no longer offered for sale',
};

export async function holdEndedMail(db: Db, hold: HoldRow, reason: string): Promise<MailMessage> {
  const p = await parties(db, hold);
  const what = ENDED[reason] ?? 'has ended';
  return message(
    p.customer.email,
    `Your hold on the ${p.name} ${what}`,
    [
      `Hello ${p.customer.first_name},`,
      `Your hold on the ${p.name} ${what}.`,
      ...(reason === 'delisted' ? [] : ['It may still be available: have another look if you are still thinking of it.']),
    ],
    { label: 'See the diamond', url: p.url },
  );
}

export async function holdRepricedMail(db: Db, hold: HoldRow, oldCents: number, newCents: number): Promise<MailMessage> {
  const p = await parties(db, hold);
  const word = newCents < oldCents ? 'gone down' : 'gone up';
  return message(
    p.customer.email,
    `The price of the ${p.name} you hold has changed`,
    [
      `Hello ${p.customer.first_name},`,
      `The price of the ${p.name} you are holding has ${word}: it was ${formatCents(oldCents)}, it is now ${formatCents(newCents)}.`,
      `Your hold lasts until ${whenWords(hold.expires_at)}.`,
    ],
    { label: 'See the diamond', url: p.url },
  );
}
