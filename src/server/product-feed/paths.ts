/** The product import's path, exempt like the diamond import from the API's 1 MB body limit (it holds to ADMIN_IMPORT_MAX_BYTES itself). */
export const PRODUCT_IMPORT_PATH = '/api/admin/products/import';

/** The largest photograph staff may upload in the back office or to POST /api/admin/products/{id}/photos. */
export const PHOTO_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const API_PHOTO_UPLOAD = /^\/api\/admin\/products\/[^/]+\/photos\/?$/;
const PAGE_PHOTO_UPLOAD = /^\/admin\/products\/[^/]+\/?$/;

/**
 * A photograph upload, exempt from the 1 MB body limit: the product editor's multipart form
 * (/admin/products/{id}) and POST /api/admin/products/{id}/photos. Both read at most
 * PHOTO_UPLOAD_MAX_BYTES and a little more for the form's fields themselves
 * (src/server/products/photo-upload.ts), whatever the framing.
 */
export function isPhotoUploadPath(path: string, contentType: string | null | undefined): boolean {
  if (API_PHOTO_UPLOAD.test(path)) return true;
  return PAGE_PHOTO_UPLOAD.test(path) && /^multipart\/form-data/i.test(contentType ?? '');
}
