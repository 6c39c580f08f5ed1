/** POST /api/analytics/collect — one page event: { payload: "<JSON object>", type: "page", user_id }. */
import { endpoint, json, readBody, methodNotAllowed } from '~/server/http.ts';
import { collectSchema } from '~/features/analytics/analytics.schema.ts';
import type { z } from 'zod';
import { assertCanCollect, collect, type collectAnswerSchema } from '~/server/analytics/analytics.service.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const POST = endpoint(async (context) => {
  await assertCanCollect(clientKey(context));
  await collect(await readBody(context.request, collectSchema));
  return json({ accepted: true } satisfies z.output<typeof collectAnswerSchema>, { status: 202 });
});

export const ALL = methodNotAllowed('POST');
