import { otherMethods, route } from '~/server/endpoint/route.ts';
import { staffHolds } from '~/server/holds/holds.service.ts';
import { staffHoldsEndpoints } from '~/server/holds/staff-holds.endpoints.ts';

/** The live holds (`?all=1`: ended ones too), newest first. */
export const GET = route(staffHoldsEndpoints.list, async ({ db, query }) => ({ data: await staffHolds(db, query.all === '1') }));

export const ALL = otherMethods(staffHoldsEndpoints.list);
