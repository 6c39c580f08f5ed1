import { otherMethods, route } from '~/server/endpoint/route.ts';
import { markPaidOverHttp } from '~/server/orders/staff.http.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';

/** A bank transfer received: `{ reference? }`; the order moves from pending to processing. */
export const POST = route(staffOrderEndpoints.markPaid, markPaidOverHttp);

export const ALL = otherMethods(staffOrderEndpoints.markPaid);
