import { methodNotAllowed } from '~/server/cart/request.ts';
import { endpoint, HttpError, readBody } from '~/server/http.ts';
import { states, statesRequestSchema } from '~/server/checkout/geo.ts';

/** POST /api/checkout/states with `{ country }`: its states as `{ code, name }` (an empty list where there are none). */
export const POST = endpoint(async ({ request }) => {
  const { country } = await readBody(request, statesRequestSchema);
  const list = states(country);
  if (!list) throw new HttpError(400, 'country: choose a country from the list', 'bad_request', { country: ['is not a country we know'] });
  return { data: list };
});

export const ALL = methodNotAllowed('POST');
