import { otherMethods, route } from '~/server/endpoint/route.ts';
import { shipOverHttp } from '~/server/orders/staff.http.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';

/** Ships an order in processing: `{ carrier, tracking }`; answers the order with its history. */
export const POST = route(staffOrderEndpoints.ship, shipOverHttp);

export const ALL = otherMethods(staffOrderEndpoints.ship);
