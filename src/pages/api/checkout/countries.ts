import { methodNotAllowed } from '~/server/cart/request.ts';
import { endpoint } from '~/server/http.ts';
import { countries } from '~/server/checkout/geo.ts';

/** GET /api/checkout/countries: every ISO 3166-1 country as `{ code, name }`, by name. Cacheable: the list changes with releases only. */
export const GET = endpoint(() => ({ data: countries() }));

export const ALL = methodNotAllowed('GET');
