import { otherMethods, route } from '~/server/endpoint/route.ts';
import { dropHint } from '~/server/hints/hints.service.ts';
import { hintsEndpoints } from '~/server/hints/hints.endpoints.ts';

/** "Drop a hint": e-mails a diamond, a piece or a built ring to an address the shopper types (limited per shopper and per address a day). */
export const POST = route(hintsEndpoints.drop, async ({ db, customer, body }) => {
  await dropHint(db, customer, body);
  return { message: 'Your hint is on its way' };
});

export const ALL = otherMethods(hintsEndpoints.drop);
