import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { countries } from '~/server/checkout/geo.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';

/** Every ISO 3166-1 country as `{ code, name }`, by name. */
export const GET = route(checkoutEndpoints.countries, () => ({ data: countries() }));

export const ALL = otherMethods(checkoutEndpoints.countries);
