import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { getDiamond, diamondImageUrl } from '~/server/diamonds/diamonds.service.ts';
import { mediaWithin, type MediaKind } from '~/server/diamonds/supplier-media.ts';

/**
 * /media/diamonds/{id}/photo and /video: the supplier's photograph or video of a stone, from the shop's
 * own cache (src/server/diamonds/supplier-media.ts). While no photo is cached the answer is a redirect to
 * the stone's drawing, never kept by the browser; a video not cached is a 404 (the page links to it instead).
 */
export const GET: APIRoute = async ({ params, request }) => {
  const kind = params.kind as MediaKind;
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : undefined;
  const row = id !== undefined && (kind === 'photo' || kind === 'video') ? await getDiamond(id) : undefined;
  const url = row && (kind === 'photo' ? row.image_url : row.video_url);
  if (!row || !url) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const media = await mediaWithin(url, kind);
  if (!media) {
    if (kind === 'video')
      return new Response('Not cached yet', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    return new Response(null, { status: 302, headers: { location: diamondImageUrl(row.shape, Number(row.lw_ratio)), 'cache-control': 'no-store' } });
  }
  const headers = {
    'content-type': media.type,
    etag: media.etag,
    // The address names the stone, not the picture: a day, then checked again (the feed may change the link).
    'cache-control': 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (request.headers.get('if-none-match') === media.etag) return new Response(null, { status: 304, headers });
  const stream = fs.createReadStream(media.file);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { headers: { ...headers, 'content-length': String(media.size) } });
};
