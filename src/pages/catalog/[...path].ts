import type { APIRoute } from 'astro';
import { errorResponse, notFound } from '~/server/endpoint/http.ts';

/** Any catalogue path that no endpoint answers: a JSON 404, whatever the method. */
export const ALL: APIRoute = ({ url }) => errorResponse(notFound(`No catalogue endpoint at ${url.pathname}`));
