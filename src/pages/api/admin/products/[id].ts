import { otherMethods, route } from '~/server/endpoint/route.ts';
import { changeProductOverHttp, productOverHttp } from '~/server/products/product-editor.http.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';

/** One product as the back office edits it: texts, sale, variants' prices, photos. */
export const GET = route(productEditorEndpoints.get, productOverHttp);
/** Changes its name, description, on_sale, prices (owners and managers) or photo order; one transaction, recorded in the activity. */
export const PATCH = route(productEditorEndpoints.change, changeProductOverHttp);

export const ALL = otherMethods(productEditorEndpoints.get, productEditorEndpoints.change);
