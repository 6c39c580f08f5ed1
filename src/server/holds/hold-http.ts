/** The hold endpoints' shared steps: the stone's id in the path, the admin guard. */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { getDb } from '~/server/db/database.ts';
import { validationError } from '~/server/http.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import { recordIdSchema } from '~/server/record-id.ts';
import { staffHolds, staffRelease } from './hold.service.ts';
import { staffHoldQuerySchema } from './hold.answers.ts';

export const holdPathSchema = z.object({ id: recordIdSchema });

function pathId(context: APIContext): number {
  const parsed = holdPathSchema.safeParse(context.params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.id;
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
