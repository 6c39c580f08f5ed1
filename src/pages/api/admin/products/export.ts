import { otherMethods, route } from '~/server/endpoint/route.ts';
import { exportProductsOverHttp } from '~/server/product-feed/product-import.http.ts';
import { productImportEndpoints } from '~/server/product-feed/product-import.endpoints.ts';

/** The catalogue as a Shopify product CSV. */
export const GET = route(productImportEndpoints.export, exportProductsOverHttp);

export const ALL = otherMethods(productImportEndpoints.export);
