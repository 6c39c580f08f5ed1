import { otherMethods, route } from '~/server/endpoint/route.ts';
import { importOverHttp } from '~/server/feeds/import.http.ts';
import { importEndpoints } from '~/server/feeds/import.endpoints.ts';

/** Imports a diamond stock file (the body); answers the summary and the first 100 rejected rows. */
export const POST = route(importEndpoints.diamonds, importOverHttp);

export const ALL = otherMethods(importEndpoints.diamonds);
