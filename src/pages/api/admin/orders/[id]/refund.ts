import { otherMethods, route } from '~/server/endpoint/route.ts';
import { refundOverHttp } from '~/server/orders/staff.http.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';

/** Refunds part of a paid order: `{ amount, reason }` (dollars); never more than what is left. */
export const POST = route(staffOrderEndpoints.refund, refundOverHttp);

export const ALL = otherMethods(staffOrderEndpoints.refund);
