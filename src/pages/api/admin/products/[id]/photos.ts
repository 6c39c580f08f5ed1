import { otherMethods, route } from '~/server/endpoint/route.ts';
import { addPhotoOverHttp } from '~/server/products/product-editor.http.ts';
import { productEditorEndpoints } from '~/server/products/product-editor.endpoints.ts';

/** Uploads a photo (multipart/form-data: photo, and optional alt) at the end of the product's photos. */
export const POST = route(productEditorEndpoints.addPhoto, addPhotoOverHttp);

export const ALL = otherMethods(productEditorEndpoints.addPhoto);
