/**
 * GET and PATCH /api/admin/products/{id}, POST /api/admin/products/{id}/photos and DELETE
 * /api/admin/products/{id}/photos/{photoId}: the back office's product editor over HTTP, behind the admin
 * token or a staff session with the `products` right (security/admin-token.ts); prices need `prices` too.
 */
import type { APIContext } from 'astro';
import { json, notFound, readBody } from '~/server/http.ts';
import { recordId } from '~/server/record-id.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import { addProductPhoto, changeProduct, productForStaff, removeProductPhoto } from './back-office-products.ts';
import { readPhotoRequest } from './photo-upload.ts';
import { productPatchSchema } from './product-editor.schema.ts';
import type { StaffProduct } from './product-editor.answers.ts';

const productId = (context: APIContext): number => {
  const id = recordId(context.params.id);
  if (id === undefined) throw notFound('No product with this id');
  return id;
};

export async function productOverHttp(context: APIContext): Promise<{ data: StaffProduct }> {
  await requireAdmin(context);
  return { data: await productForStaff(productId(context)) };
}

export async function changeProductOverHttp(context: APIContext): Promise<{ message: string; data: StaffProduct }> {
  const actor = await requireAdmin(context);
  const id = productId(context);
  const patch = await readBody(context.request, productPatchSchema);
  const { product, changed } = await changeProduct(actor, id, patch);
  return { message: changed.length ? `Saved ${product.name}: ${changed.join(', ')}` : 'Nothing changed', data: product };
}

export async function addPhotoOverHttp(context: APIContext): Promise<Response> {
  const actor = await requireAdmin(context);
  const id = productId(context);
  const upload = await readPhotoRequest(context.request);
  const data = await addProductPhoto(actor, id, upload);
  return json({ message: `Added a photo to ${data.name}`, data }, { status: 201 });
}

export async function removePhotoOverHttp(context: APIContext): Promise<{ message: string; data: StaffProduct }> {
  const actor = await requireAdmin(context);
  const id = productId(context);
  const photoId = recordId(context.params.photoId);
  if (photoId === undefined) throw notFound('This product has no photo with this id');
  const data = await removeProductPhoto(actor, id, photoId);
  return { message: `Removed a photo of ${data.name}`, data };
}
