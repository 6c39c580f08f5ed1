/**
 * Every alert e-mail's one-click unsubscribe: a link signed with HMAC-SHA-256 over the alert's id, with a
 * key the shop keeps in its database (shop_settings `alerts_link_key`, made on first use), so every app
 * server signs and checks alike and no setting is needed. The link works without signing in; the
 * mail also carries it as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058 one-click).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '~/server/db/database.ts';
import { siteUrl } from '~/server/mail/mailer.ts';

const KEY_NAME = 'alerts_link_key';
const keys = new WeakMap<Db, string>();

async function linkKey(db: Db): Promise<string> {
  const known = keys.get(db);
  if (known) return known;
  await db
    .insertInto('shop_settings')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('shop_settings').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  keys.set(db, row.value);
  return row.value;
}

const sign = (key: string, alertId: number) => createHmac('sha256', key).update(`alert:${alertId}`).digest('base64url');

export async function unsubscribeUrl(db: Db, alertId: number): Promise<string> {
  return `${siteUrl()}/api/alerts/unsubscribe?a=${alertId}&s=${sign(await linkKey(db), alertId)}`;
}

export async function validSignature(db: Db, alertId: number, signature: string): Promise<boolean> {
  const want = Buffer.from(sign(await linkKey(db), alertId));
  const given = Buffer.from(signature);
  return want.length === given.length && timingSafeEqual(want, given);
}

/** The headers that let a mail client unsubscribe in one click. */
export async function unsubscribeHeaders(db: Db, alertId: number): Promise<Record<string, string>> {
  return { 'List-Unsubscribe': `<${await unsubscribeUrl(db, alertId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
