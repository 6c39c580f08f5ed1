import { productDetailQuerySchema } from '~/features/products/products.schema.ts';
import { queryRecord } from '~/features/diamonds/diamonds.schema.ts';
import { catalogEndpoints } from '~/server/catalog/catalog.endpoints.ts';
import { otherMethods, route } from '~/server/endpoint/route.ts';
import { badRequest, notFound } from '~/server/endpoint/http.ts';
import { sharePage } from '~/server/page-cache/page-cache.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { recordId } from '~/server/endpoint/record-id.ts';

/**
 * `?js=shape`: one product with all its variants, viewed for that jewellery shape (the centre stone's);
 * a setting that does not take it is a 400. The id and the query are read here, not by route(): an id
 * that is no record id is a product nobody has (404, not 400), and `js` is the first one given.
 */
export const GET = route({ ...catalogEndpoints.product, params: undefined, query: undefined }, async ({ context: { params, url, locals } }) => {
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

export const ALL = otherMethods(catalogEndpoints.product);
