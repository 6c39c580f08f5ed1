import { otherMethods, route } from '~/server/endpoint/route.ts';
import { cancelOverHttp } from '~/server/orders/staff.http.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';

/** Cancels an order not yet shipped (a paid one gets a refund line); answers the order with its history. */
export const POST = route(staffOrderEndpoints.cancel, cancelOverHttp);

export const ALL = otherMethods(staffOrderEndpoints.cancel);
