import type { APIRoute } from 'astro';
import { errorResponse, notFound } from '~/server/endpoint/http.ts';

/** Any /api path that no endpoint answers: a JSON 404, whatever the method. */
export const ALL: APIRoute = ({ url }) => errorResponse(notFound(`No API endpoint at ${url.pathname}`));
