import { analyticsEndpoints } from '~/server/analytics/analytics.endpoints.ts';
import { assertCanCollect, collect } from '~/server/analytics/analytics.service.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** One page event: `{ payload: "<JSON object>", type: "page", user_id }`, within each client's limits. */
export const POST = route(analyticsEndpoints.collect, async ({ context, body }) => {
  await assertCanCollect(clientKey(context));
  await collect(body);
  return { accepted: true as const };
});

export const ALL = otherMethods(analyticsEndpoints.collect);
