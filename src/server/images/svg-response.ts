import { createHash } from 'node:crypto';
import { HttpError } from '~/server/endpoint/http.ts';
import { drawPng } from '~/server/seo/share-drawing.ts';

/**
 * Generated drawings never change for a given URL, so browsers and CDNs may keep them for a year. Each
 * URL's drawing is made once per process (a bounded memo) with its ETag; a matching If-None-Match
 * answers 304.
 */
const memo = new Map<string, { svg: string; etag: string }>();
const LIMIT = 4000;

const etagOf = (body: string | Uint8Array) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** Keeps `value` under `key`, forgetting the oldest entry past `limit`. */
function remember<V>(memo: Map<string, V>, limit: number, key: string, value: V): V {
  if (memo.size >= limit) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
  return value;
}

/** A drawing's answer, kept a year by clients; 304 when the request already holds this ETag. */
function drawingResponse(body: string | Uint8Array<ArrayBuffer>, contentType: string, etag: string, request?: Request): Response {
  const headers = { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable', etag };
  if (request?.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

export function cachedSvgResponse(key: string, draw: () => string, request?: Request): Response {
  let hit = memo.get(key);
  if (!hit) {
    const svg = draw();
    hit = remember(memo, LIMIT, key, { svg, etag: etagOf(svg) });
  }
  return drawingResponse(hit.svg, 'image/svg+xml; charset=utf-8', hit.etag, request);
}

/**
 * The same drawings as PNG (`….png` for `….svg`), for e-mail: most mail clients (Gmail among them) do not
 * show SVG. Rendered once per URL and process at 240 px wide on white (resvg) on the drawing thread, never
 * on the event loop (seo/share-drawing.ts: one at a time, 32 waiting, beyond that a 503), kept for the most
 * recent 500 URLs, and cached by clients as the SVG is. The URLs are a finite set (shapes × ratios,
 * products × metals), so the work a client can ask for is bounded too.
 */
const pngMemo = new Map<string, { png: Uint8Array<ArrayBuffer>; etag: string }>();
const pngDrawing = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const PNG_LIMIT = 500;
export const PNG_WIDTH = 240;

export async function cachedPngResponse(key: string, draw: () => string, request?: Request): Promise<Response> {
  let hit = pngMemo.get(key);
  if (!hit) {
    let underWay = pngDrawing.get(key);
    if (!underWay) {
      underWay = drawPng(draw(), { fitTo: { mode: 'width', value: PNG_WIDTH }, background: '#ffffff', font: { loadSystemFonts: false } }).then(
        (b) => new Uint8Array(b),
      );
      pngDrawing.set(key, underWay);
      const done = () => pngDrawing.delete(key);
      underWay.then(done, done);
    }
    let png: Uint8Array<ArrayBuffer>;
    try {
      png = await underWay;
    } catch (error) {
      if (error instanceof HttpError && error.status === 503) {
        return new Response(error.message, {
          status: 503,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...error.headers },
        });
      }
      throw error;
    }
    hit = remember(pngMemo, PNG_LIMIT, key, { png, etag: etagOf(png) });
  }
  return drawingResponse(hit.png, 'image/png', hit.etag, request);
}
