import { otherMethods, route } from '~/server/endpoint/route.ts';
import { importProductsOverHttp } from '~/server/product-feed/product-import.http.ts';
import { productImportEndpoints } from '~/server/product-feed/product-import.endpoints.ts';

/** Imports a Shopify product CSV (the body); answers the summary and every refused row. */
export const POST = route(productImportEndpoints.import, importProductsOverHttp);

export const ALL = otherMethods(productImportEndpoints.import);
