import { otherMethods, route } from '~/server/endpoint/route.ts';
import { customerHolds } from '~/server/holds/holds.service.ts';
import { holdHours, holdsPerCustomer } from '~/server/holds/hold-settings.ts';
import { holdsEndpoints } from '~/server/holds/holds.endpoints.ts';

/** The signed-in shopper's holds, live first, and the limits. */
export const GET = route(holdsEndpoints.list, async ({ db, customer }) => ({
  data: await customerHolds(db, customer.id),
  limit: holdsPerCustomer(),
  hours: holdHours(),
}));

export const ALL = otherMethods(holdsEndpoints.list);
