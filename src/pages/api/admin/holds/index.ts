import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { staffListOverHttp } from '~/server/holds/hold-http.ts';

/** The live holds (`?all=1`: ended ones too), newest first. */
export const GET = endpoint((context) => staffListOverHttp(context));

export const ALL = methodNotAllowed('GET');
