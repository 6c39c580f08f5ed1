import { checkoutEndpoints } from '~/server/checkout/checkout.endpoints.ts';
import { states } from '~/server/checkout/geo.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { HttpError } from '~/server/endpoint/http.ts';

/** `{ country }`: its states as `{ code, name }` (an empty list where there are none). */
export const POST = route(checkoutEndpoints.states, ({ body }) => {
  const list = states(body.country);
  if (!list) throw new HttpError(400, 'country: choose a country from the list', 'bad_request', { country: ['is not a country we know'] });
  return { data: list };
});

export const ALL = otherMethods(checkoutEndpoints.states);
