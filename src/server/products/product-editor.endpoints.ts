/** The back office's product editor (docs/api.md "Operators"): one product, its changes and its photos. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { staffProductAnswerSchema, staffProductChangeAnswerSchema } from './product-editor.answers.ts';
import { productPatchSchema, staffPhotoPathSchema, staffProductPathSchema } from './product-editor.schema.ts';

export const productEditorEndpoints = {
  get: defineEndpoint({
    method: 'get',
    path: '/api/admin/products/{id}',
    tag: 'Operators',
    access: 'admin',
    summary: 'One product as staff edit it: name, description (sanitised HTML), on sale, its variants on sale with their prices, its photos in order',
    params: staffProductPathSchema,
    answers: { 200: staffProductAnswerSchema },
    errors: [401, 404, 429],
  }),
  change: defineEndpoint({
    method: 'patch',
    path: '/api/admin/products/{id}',
    tag: 'Operators',
    access: 'admin',
    summary: "Change a product's name, description, on sale, variants' prices (owners and managers: an editor gets 403) or photo order, in one transaction",
    description:
      'Only the fields sent change. The description is sanitised as the product import sanitises Body (HTML). Prices are dollars with at most two decimals, above 0 and at most 1,000,000. The change is in the activity record with before and after, and the shop shows it on the next request.',
    params: staffProductPathSchema,
    body: productPatchSchema,
    answers: { 200: staffProductChangeAnswerSchema },
    errors: [401, 404, 429],
  }),
  addPhoto: defineEndpoint({
    method: 'post',
    path: '/api/admin/products/{id}/photos',
    tag: 'Operators',
    access: 'admin',
    summary: "Upload a photo (JPEG, PNG or WebP, at least 200 px each way, at most 10 MB), processed as the import's, at the end of the product's photos",
    params: staffProductPathSchema,
    fileBody: {
      types: ['multipart/form-data'],
      description: 'A form with the file in `photo` and, optionally, its alternative text in `alt` (at most 200 characters)',
    },
    answers: { 201: staffProductChangeAnswerSchema },
    errors: [401, 404, 409, 413, 415, 429],
  }),
  removePhoto: defineEndpoint({
    method: 'delete',
    path: '/api/admin/products/{id}/photos/{photoId}',
    tag: 'Operators',
    access: 'admin',
    summary: 'Take a photo off a product (the others close up)',
    params: staffPhotoPathSchema,
    answers: { 200: staffProductChangeAnswerSchema },
    errors: [401, 404, 429],
  }),
};
