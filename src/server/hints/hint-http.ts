/** POST /api/hints: the signed-in shopper's hint; the answer never repeats the recipient's address. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { getDb } from '~/server/db/database.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { readPayload } from '~/server/cart/request.ts';
import { dropHint, hintSchema } from './hint.service.ts';

export const hintAnswerSchema = z.object({ message: z.string() });

export async function hintOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  await dropHint(await getDb(), customer, await readPayload(context.request, hintSchema));
  return { message: 'Your hint is on its way' };
}
