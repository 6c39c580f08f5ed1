/**
 * Newsletter sign-up. Addresses are unique whatever their case; signing up twice is answered kindly
 * (the shopper is already where they wanted to be). Limited per client so the form cannot be used to
 * flood the list.
 */
import { consume, type Limit } from '~/server/security/rate-limit.ts';
import { getDb } from '~/server/db/database.ts';
import { insertSubscriber } from './subscriber.repository.ts';
import { ALREADY_SUBSCRIBED_MESSAGE, SUBSCRIBED_MESSAGE, type SubscribeAnswer } from '~/features/newsletter/newsletter.schema.ts';

export const SUBSCRIBE_LIMIT: Limit = { bucket: 'newsletter', max: 20, windowMs: 10 * 60_000 };

export interface SubscribeResult {
  created: boolean;
  answer: SubscribeAnswer;
}

/** `email` is already validated and lower-cased (subscribeSchema). */
export async function subscribe(email: string, client: string): Promise<SubscribeResult> {
  await consume(SUBSCRIBE_LIMIT, client);
  const created = await insertSubscriber(await getDb(), email);
  return created
    ? { created, answer: { success: SUBSCRIBED_MESSAGE, status: 'subscribed' } }
    : { created, answer: { success: ALREADY_SUBSCRIBED_MESSAGE, status: 'already_subscribed' } };
}
