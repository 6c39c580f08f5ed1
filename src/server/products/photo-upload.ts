/**
 * A photograph uploaded by staff (the product editor's form, POST /api/admin/products/{id}/photos): a
 * multipart/form-data body read up to PHOTO_UPLOAD_MAX_BYTES (and a little more for the form's own
 * fields), whatever its framing, so a larger one is refused with 413 as soon as it passes the limit and
 * is never held whole. The transport lets these bodies through its 1 MB limit (src/server/product-feed/paths.ts).
 * The picture itself must be a JPEG, PNG or WebP that sharp reads (the import's pipeline then checks its size).
 */
import sharp from 'sharp';
import { HttpError } from '~/server/endpoint/http.ts';
import { PHOTO_UPLOAD_MAX_BYTES } from '~/server/product-feed/paths.ts';

/** The form's other fields and the multipart framing around the file. */
const FORM_SLACK = 64 * 1024;
export const PHOTO_ALT_MAX = 200;
const MB = PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024;

const tooLarge = () =>
  new HttpError(413, `photo: The photo is larger than ${MB} MB`, 'payload_too_large', {
    photo: [`The photo is larger than ${MB} MB: upload a smaller picture`],
  });
const field = (name: string, message: string, status = 400) => new HttpError(status, `${name}: ${message}`, 'validation_failed', { [name]: [message] });

/** The body as a form (multipart or URL-encoded), at most PHOTO_UPLOAD_MAX_BYTES and the form's slack. */
export async function readUploadForm(request: Request): Promise<FormData> {
  const max = PHOTO_UPLOAD_MAX_BYTES + FORM_SLACK;
  if (Number(request.headers.get('content-length')) > max) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The upload is not a well-formed form', 'bad_request');
  }
}

export interface PhotoUpload {
  bytes: Uint8Array;
  alt: string;
}

/** The `photo` file and its optional `alt` text from a form; a picture that is not a JPEG, PNG or WebP is refused naming the field. */
export async function photoFromForm(form: FormData): Promise<PhotoUpload> {
  const file = form.get('photo');
  if (!(file instanceof File) || file.size === 0) throw field('photo', 'Choose a photo to upload (JPEG, PNG or WebP)');
  if (file.size > PHOTO_UPLOAD_MAX_BYTES) throw tooLarge();
  const altValue = form.get('alt');
  const alt = typeof altValue === 'string' ? altValue.trim() : '';
  if (alt.length > PHOTO_ALT_MAX) throw field('alt', `Use at most ${PHOTO_ALT_MAX} characters`);
  if (alt.includes('\u0000')) throw field('alt', 'Use text only');
  const bytes = new Uint8Array(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw field('photo', 'This file is not a JPEG, PNG or WebP picture');
  return { bytes, alt };
}

/** A JSON route's multipart body: 415 for any other kind of body. */
export async function readPhotoRequest(request: Request): Promise<PhotoUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) throw new HttpError(415, 'Send the photo as multipart/form-data, in the field photo', 'unsupported_media_type');
  return photoFromForm(await readUploadForm(request));
}
