import { badRequest, endpoint, notFound, methodNotAllowed } from '~/server/http.ts';
import { queryRecord } from '~/features/diamonds/diamonds.schema.ts';
import { productDetailQuerySchema } from '~/features/catalog/products.schema.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { sharePage } from '~/server/page-cache.ts';
import { recordId } from '~/server/record-id.ts';

/**
 * GET {api}/products/{id}[?js=shape]: one product with all its variants. `js` is the jewellery shape
 * (the centre stone's shape) the piece is viewed for; a setting that does not take it is a 400.
 */
export const GET = endpoint(async ({ params, url, locals }) => {
  sharePage(locals); // the same for every shopper
  const { js } = productDetailQuerySchema.parse(queryRecord(url.searchParams, ['js']));
  const id = recordId(params.id);
  const product = id === undefined ? undefined : await getProduct(id);
  if (!product) throw notFound('No product has that id');
  if (js && product.is_byo && !product.accepted_shapes.includes(js)) {
    throw badRequest(`js: this setting does not take a ${js} diamond`, { js: [`must be one of ${product.accepted_shapes.join(', ')}`] });
  }
  return { ...product, selected_jewelry_shape: js ?? null };
});

export const ALL = methodNotAllowed('GET');
