/** The alert e-mails: a price drop (a stone's or a piece's), a stone back on sale, a saved search's digest; each with its unsubscribe link. */
import type { Db } from '~/server/db/database.ts';
import { formatCents } from '~/lib/money.ts';
import { simpleHtml, siteUrl, type MailMessage } from '~/server/mail/mailer.ts';
import { diamondName } from '~/server/diamonds/diamonds.service.ts';
import type { DiamondRow } from '~/server/db/schema.ts';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-link.ts';
import type { AlertRow, WatchedVariant } from './alert.repository.ts';
import { variantPath, variantWords } from './alerts.service.ts';

async function withUnsubscribe(
  db: Db,
  alert: AlertRow,
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): Promise<MailMessage> {
  const unsubscribe = await unsubscribeUrl(db, alert.id);
  const footer = `You asked us to tell you about this. Stop these e-mails: ${unsubscribe}`;
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n${footer}\n`,
    html: simpleHtml([...paragraphs, footer], action),
    headers: await unsubscribeHeaders(db, alert.id),
  };
}

const recipient = (db: Db, customerId: number) =>
  db.selectFrom('customers').select(['email', 'first_name']).where('id', '=', customerId).executeTakeFirstOrThrow();

/** Something watched is cheaper: the mail saying so, with its old and new price and where to see it. */
async function priceDrop(
  db: Db,
  alert: AlertRow,
  name: string,
  oldCents: number,
  newCents: number,
  action: { label: string; url: string },
): Promise<MailMessage> {
  const c = await recipient(db, alert.customer_id);
  return withUnsubscribe(
    db,
    alert,
    c.email,
    `Price drop: the ${name} is now ${formatCents(newCents)}`,
    [`Hello ${c.first_name},`, `The ${name} you are watching has dropped in price: it was ${formatCents(oldCents)}, it is now ${formatCents(newCents)}.`],
    action,
  );
}

export async function priceDropMail(db: Db, alert: AlertRow, stone: DiamondRow, oldCents: number): Promise<MailMessage> {
  return priceDrop(db, alert, diamondName(stone), oldCents, stone.price_cents, { label: 'See the diamond', url: `${siteUrl()}/diamonds/${stone.id}` });
}

/** A piece of jewellery's variant the watcher follows is cheaper: its old and new price, and its page in that metal and weight. */
export async function variantPriceDropMail(db: Db, alert: AlertRow, variant: WatchedVariant, oldCents: number): Promise<MailMessage> {
  const name = `${variant.product_name} in ${variantWords(variant)}`;
  return priceDrop(db, alert, name, oldCents, variant.price_cents, { label: 'See the piece', url: `${siteUrl()}${variantPath(variant)}` });
}

export async function backInStockMail(db: Db, alert: AlertRow, stone: DiamondRow): Promise<MailMessage> {
  const c = await recipient(db, alert.customer_id);
  const name = diamondName(stone);
  return withUnsubscribe(
    db,
    alert,
    c.email,
    `The ${name} is available again`,
    [
      `Hello ${c.first_name},`,
      `Good news: the ${name} you asked about is available again, at ${formatCents(stone.price_cents)}. It is one of a kind, so it may not stay long.`,
    ],
    { label: 'See the diamond', url: `${siteUrl()}/diamonds/${stone.id}` },
  );
}

export async function digestMail(db: Db, alert: AlertRow, stones: DiamondRow[], searchUrl: string): Promise<MailMessage> {
  const c = await recipient(db, alert.customer_id);
  const lines = stones.map(
    (s) => `${diamondName(s)}, ${s.cut} cut, ${s.color} colour, ${s.clarity}: ${formatCents(s.price_cents)} ${siteUrl()}/diamonds/${s.id}`,
  );
  return withUnsubscribe(
    db,
    alert,
    c.email,
    `${stones.length} new diamond${stones.length === 1 ? '' : 's'} match your saved search`,
    [`Hello ${c.first_name},`, `New diamonds that match your saved search:`, ...lines],
    { label: 'See your search', url: searchUrl },
  );
}
