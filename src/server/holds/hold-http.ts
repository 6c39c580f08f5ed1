/** The hold endpoints' shared steps: the signed-in shopper, the stone's id in the path, the admin guard. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { getDb } from '~/server/db/database.ts';
import { validationError } from '~/server/http.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import { recordIdSchema } from '~/server/record-id.ts';
import { customerHolds, placeHold, releaseHold, staffHolds, staffRelease } from './hold.service.ts';
import { holdHours, holdsPerCustomer, whenWords } from './hold-settings.ts';
import { staffHoldQuerySchema } from './hold.answers.ts';

export const holdPathSchema = z.object({ id: recordIdSchema });

function pathId(context: APIContext): number {
  const parsed = holdPathSchema.safeParse(context.params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.id;
}

export async function holdOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  const data = await placeHold(await getDb(), customer.id, pathId(context));
  return { message: `This diamond is held for you until ${whenWords(data.expires_at)}`, data };
}

export async function releaseOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  const data = await releaseHold(await getDb(), customer.id, pathId(context));
  return { message: 'Your hold on this diamond has been released', data };
}

export async function listOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  return { data: await customerHolds(await getDb(), customer.id), limit: holdsPerCustomer(), hours: holdHours() };
}

export async function staffListOverHttp(context: APIContext) {
  await requireAdmin(context);
  const q = staffHoldQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
  if (!q.success) throw validationError(q.error);
  return { data: await staffHolds(await getDb(), q.data.all === '1') };
}

export async function staffReleaseOverHttp(context: APIContext) {
  await requireAdmin(context);
  const data = await staffRelease(await getDb(), pathId(context));
  return { message: `The hold on diamond ${data.diamond_id} is released`, data };
}
