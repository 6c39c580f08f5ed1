import type { APIRoute } from 'astro';
import { methodNotAllowed, endpoint } from '~/server/http.ts';
import { exportProductsOverHttp } from '~/server/product-feed/product-http.ts';

/** The catalogue as a Shopify product CSV. */
export const GET: APIRoute = endpoint((context) => exportProductsOverHttp(context));

export const ALL = methodNotAllowed('GET');
