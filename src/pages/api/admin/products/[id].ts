import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { changeProductOverHttp, productOverHttp } from '~/server/products/product-editor.http.ts';

/** One product as the back office edits it: texts, sale, variants' prices, photos. */
export const GET = endpoint((context) => productOverHttp(context));

/** Changes its name, description, on_sale, prices (owners and managers) or photo order; one transaction, recorded in the activity. */
export const PATCH = endpoint((context) => changeProductOverHttp(context));

export const ALL = methodNotAllowed('GET', 'PATCH');
