/** Products in and out as Shopify's product CSV (docs/api.md "Product import"). */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { productImportQuerySchema, productImportSummarySchema } from './product-import.answers.ts';

export const productImportEndpoints = {
  import: defineEndpoint({
    method: 'post',
    path: '/api/admin/products/import',
    tag: 'Operators',
    access: 'admin',
    summary: 'Import a Shopify product CSV (products, variants by Metal / Total Carat Weight / Ring Size, photographs): the summary and every refused row',
    query: productImportQuerySchema,
    fileBody: {
      types: ['text/csv'],
      description:
        "Shopify's product CSV, streamed; Image Src as http(s) addresses (fetched once) or the shop's own /images/photos/ addresses; at most ADMIN_IMPORT_MAX_BYTES",
    },
    answers: { 200: productImportSummarySchema },
    errors: [401, 404, 413, 415, 429],
  }),
  export: defineEndpoint({
    method: 'get',
    path: '/api/admin/products/export',
    tag: 'Operators',
    access: 'admin',
    summary: 'The catalogue as a Shopify product CSV: one row per variant and per further photograph; it imports back to the same catalogue',
    answers: {},
    fileAnswer: { types: ['text/csv'], description: "Shopify's product CSV (Content-Disposition: attachment)" },
    errors: [401, 404, 429],
  }),
};
