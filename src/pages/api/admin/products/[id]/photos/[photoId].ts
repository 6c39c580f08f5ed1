import { endpoint, methodNotAllowed } from '~/server/http.ts';
import { removePhotoOverHttp } from '~/server/products/product-editor.http.ts';

/** Takes a photo off the product. */
export const DELETE = endpoint((context) => removePhotoOverHttp(context));

export const ALL = methodNotAllowed('DELETE');
