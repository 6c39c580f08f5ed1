import { otherMethods, route } from '~/server/endpoint/route.ts';
import { removePhotoOverHttp } from '~/server/products/product-editor.http.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';

/** Takes a photo off the product. */
export const DELETE = route(productEditorEndpoints.removePhoto, removePhotoOverHttp);

export const ALL = otherMethods(productEditorEndpoints.removePhoto);
