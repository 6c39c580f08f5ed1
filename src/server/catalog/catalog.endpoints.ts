/** The catalogue's endpoints (docs/api.md "Catalogue"; `{api}` is /catalog): diamonds and products, the same for every shopper. */
import { z } from 'zod';
import { productDetailQuerySchema, productQuerySchema } from '~/features/products/products.schema.ts';
import { diamondQuerySchema } from '~/features/diamonds/diamonds.schema.ts';
import { diamondPageSchema, diamondSchema } from '~/server/diamonds/diamonds.answers.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { productPageSchema, productSchema } from '~/server/products/products.answers.ts';
import { recordIdSchema } from '~/server/endpoint/record-id.ts';

export const catalogEndpoints = {
  diamonds: defineEndpoint({
    method: 'get',
    path: '/catalog/api/diamonds',
    tag: 'Catalogue',
    summary: 'One page of matching diamonds, the total and the facets',
    query: diamondQuerySchema,
    answers: { 200: diamondPageSchema },
    cacheable: true,
  }),
  diamond: defineEndpoint({
    method: 'get',
    path: '/catalog/api/diamonds/{id}',
    tag: 'Catalogue',
    summary: 'One diamond by id, certificate number or sku (sold ones too)',
    params: z.object({ id: z.string().describe('The id, certificate number or sku') }),
    answers: { 200: diamondSchema },
    errors: [404],
    cacheable: true,
  }),
  products: defineEndpoint({
    method: 'get',
    path: '/catalog/products',
    tag: 'Catalogue',
    summary: 'One page of products on sale, with listing variants and facets',
    query: productQuerySchema,
    answers: { 200: productPageSchema },
    cacheable: true,
  }),
  product: defineEndpoint({
    method: 'get',
    path: '/catalog/products/{id}',
    tag: 'Catalogue',
    summary: 'One product with all its variants, viewed for a centre-stone shape',
    params: z.object({ id: recordIdSchema }),
    query: productDetailQuerySchema,
    answers: { 200: productSchema.extend({ selected_jewelry_shape: z.string().nullable() }) },
    errors: [404],
    cacheable: true,
  }),
};
