/**
 * "Drop a hint": a signed-in shopper sends a short, friendly e-mail with a picture and a link to a
 * diamond, a piece of jewellery or a built ring to an address they type, with an optional note. Limited per
 * shopper (HINTS_PER_SHOPPER_PER_DAY, default 5) and per recipient address (HINTS_PER_ADDRESS_PER_DAY,
 * default 2), counted in the shared rate-limit table (atomic across servers). The recipient's address is
 * never answered, listed or logged (the log masks e-mail addresses); only the outbox holds it, to send it.
 */
import { env } from '~/server/config/env.ts';
import { z } from 'zod';
import type { Db } from '~/server/db/database.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { queueMail, siteUrl, type MailMessage } from '~/server/mail/mailer.ts';
import { mailMjml } from '~/server/mail/layout.ts';
import { take, type Limit } from '~/server/security/rate-limit.ts';
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { diamondImagePath, productImagePath, shareVariant } from '~/server/seo/share.ts';
import { MAX_ID } from '~/lib/ids.ts';

const id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be a positive id').max(MAX_ID, 'is not a known id');
const blank = (v: unknown) => (v === '' ? undefined : v);

export const hintSchema = z.object({
  item_id: id.describe('A diamond or a product (one id space); a built ring: the setting'),
  diamond_id: z.preprocess(blank, id.optional()).describe('A built ring: its centre diamond'),
  email: z.string().trim().toLowerCase().max(254).email('must be an e-mail address'),
  note: z.preprocess(blank, z.string().trim().max(500, 'must be at most 500 characters').optional()),
});
export type HintInput = z.output<typeof hintSchema>;

const DAY = 24 * 3_600_000;
export const shopperLimit = (): Limit => ({ bucket: 'hint:shopper', max: env('HINTS_PER_SHOPPER_PER_DAY'), windowMs: DAY });
export const addressLimit = (): Limit => ({ bucket: 'hint:address', max: env('HINTS_PER_ADDRESS_PER_DAY'), windowMs: DAY });

async function subject(db: Db, input: HintInput): Promise<{ name: string; url: string; picture: string }> {
  const origin = siteUrl();
  const row = await db.selectFrom('items').select('kind').where('id', '=', input.item_id).executeTakeFirst();
  if (!row) throw notFound(`No product or diamond has id ${input.item_id}`);
  if (row.kind === 'diamond') {
    const d = await getDiamond(input.item_id, { db });
    if (!d) throw notFound(`No diamond has id ${input.item_id}`);
    const diamond = toDiamond(d);
    return { name: diamond.name, url: `${origin}/diamonds/${diamond.id}`, picture: `${origin}${diamondImagePath(diamond)}` };
  }
  const p = await getProduct(input.item_id, { db });
  if (!p) throw notFound(`No product has id ${input.item_id}`);
  const picture = `${origin}${productImagePath(p, shareVariant(p))}`;
  if (input.diamond_id !== undefined) {
    const d = await getDiamond(input.diamond_id, { db });
    if (!d) throw notFound(`No diamond has id ${input.diamond_id}`);
    const diamond = toDiamond(d);
    return { name: `${p.name} with a ${diamond.name}`, url: `${origin}/build-your-own/summary?setting=${p.id}&diamond=${diamond.id}`, picture };
  }
  return { name: p.name, url: `${origin}${p.url}`, picture };
}

export async function dropHint(db: Db, sender: { id: number; first_name: string; email: string }, input: HintInput): Promise<void> {
  if (input.email === sender.email.toLowerCase())
    throw new HttpError(400, 'email: send the hint to someone else', 'bad_request', { email: ['send the hint to someone else'] });
  const item = await subject(db, input);
  await take([
    { limit: shopperLimit(), key: String(sender.id) },
    { limit: addressLimit(), key: input.email },
  ]);
  const lines = [
    `Hello,`,
    `${sender.first_name} has been admiring the ${item.name} at ${siteUrl().replace(/^https?:\/\//, '')} and thought you should know.`,
    ...(input.note ? [`${sender.first_name} adds: “${input.note}”`] : []),
  ];
  const message: MailMessage = {
    to: input.email,
    subject: `A little hint from ${sender.first_name}`,
    text: `${lines.join('\n\n')}\n\n${item.name}: ${item.url}\nPicture: ${item.picture}\n`,
    html: mailMjml({
      paragraphs: lines,
      lines: [{ name: item.name, price: '', image: item.picture }],
      action: { label: `See the ${item.name}`, url: item.url },
    }),
    replyTo: sender.email,
  };
  await queueMail(db, message);
}
