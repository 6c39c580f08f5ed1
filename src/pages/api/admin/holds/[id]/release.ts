import { otherMethods, route } from '~/server/endpoint/route.ts';
import { staffRelease } from '~/server/holds/holds.service.ts';
import { staffHoldsEndpoints } from '~/server/holds/staff-holds.endpoints.ts';

/** Ends a hold (by its id); the shopper is e-mailed. */
export const POST = route(staffHoldsEndpoints.release, async ({ db, params }) => {
  const data = await staffRelease(db, params.id);
  return { message: `The hold on diamond ${data.diamond_id} is released`, data };
});

export const ALL = otherMethods(staffHoldsEndpoints.release);
