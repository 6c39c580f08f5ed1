/**
 * GET and PATCH /api/admin/products/{id}, POST /api/admin/products/{id}/photos and DELETE
 * /api/admin/products/{id}/photos/{photoId}: the back office's product editor over HTTP, behind the admin
 * token or a staff session with the `products` right (security/admin-token.ts); prices need `prices` too.
 */
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { productEditorEndpoints } from './product-editor.endpoints.ts';
import { json, notFound } from '~/server/endpoint/http.ts';
import { recordId } from '~/server/endpoint/record-id.ts';
import { addProductPhoto, changeProduct, productForStaff, removeProductPhoto } from './back-office-products.ts';
import { readPhotoRequest } from './photo-upload.ts';
import type { StaffProduct } from './product-editor.answers.ts';

const productId = (params: { id: string }): number => {
  const id = recordId(params.id);
  if (id === undefined) throw notFound('No product with this id');
  return id;
};

export async function productOverHttp({ params }: RouteInput<typeof productEditorEndpoints.get>): Promise<{ data: StaffProduct }> {
  return { data: await productForStaff(productId(params)) };
}

export async function changeProductOverHttp({
  actor,
  params,
  body,
}: RouteInput<typeof productEditorEndpoints.change>): Promise<{ message: string; data: StaffProduct }> {
  const { product, changed } = await changeProduct(actor, productId(params), body);
  return { message: changed.length ? `Saved ${product.name}: ${changed.join(', ')}` : 'Nothing changed', data: product };
}

export async function addPhotoOverHttp({ context, actor, params }: RouteInput<typeof productEditorEndpoints.addPhoto>): Promise<Response> {
  const id = productId(params);
  const upload = await readPhotoRequest(context.request);
  const data = await addProductPhoto(actor, id, upload);
  return json({ message: `Added a photo to ${data.name}`, data }, { status: 201 });
}

export async function removePhotoOverHttp({
  actor,
  params,
}: RouteInput<typeof productEditorEndpoints.removePhoto>): Promise<{ message: string; data: StaffProduct }> {
  const id = productId(params);
  const photoId = recordId(params.photoId);
  if (photoId === undefined) throw notFound('This product has no photo with this id');
  const data = await removeProductPhoto(actor, id, photoId);
  return { message: `Removed a photo of ${data.name}`, data };
}
