import fs from 'node:fs';
import type { APIRoute } from 'astro';
import { photoFile } from '~/server/product-feed/photo-store.ts';

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/**
 * /images/photos/{digest}/{width}.{avif|webp|jpg}: a product photograph as processed at import
 * (src/server/product-feed/photo-store.ts). Named by its content, so it never changes: cached for a year.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const found = photoFile(params.file ?? '');
  const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (!found) return notFound();
  const etag = `"${(params.file ?? '').replace(/[/.]/g, '-')}"`;
  const headers = { 'content-type': TYPES[found.format], 'cache-control': 'public, max-age=31536000, immutable', etag };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  let body: Buffer;
  try {
    body = await fs.promises.readFile(found.file);
  } catch {
    return notFound();
  }
  return new Response(new Uint8Array(body), { headers: { ...headers, 'content-length': String(body.byteLength) } });
};
