import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { addPhotoOverHttp } from '~/server/products/product-editor.http.ts';

/** Uploads a photo (multipart/form-data: photo, and optional alt) at the end of the product's photos. */
export const POST = endpoint((context) => addPhotoOverHttp(context));

export const ALL = methodNotAllowed('POST');
