import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { importProductsOverHttp } from '~/server/product-feed/product-http.ts';

/** Imports a Shopify product CSV (the body); answers the summary and every refused row. */
export const POST = endpoint((context) => importProductsOverHttp(context));

export const ALL = methodNotAllowed('POST');
