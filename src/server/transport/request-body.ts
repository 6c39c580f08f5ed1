/**
 * Request bodies at the door: every route but the admin imports and photo uploads reads at most 1 MB (transportSettings),
 * whatever the framing. A Content-Length over the limit is refused before a byte is read; a chunked body
 * is counted as it arrives and refused the moment it passes the limit, so no route (pages reading a
 * form with `request.formData()` included) ever holds more. Within the limit the body is handed to the
 * adapter whole (`req.body`, which it reads instead of the socket). A body that does not arrive within the
 * body time-out is answered 408.
 *
 * After a refusal the rest of the body is never read: the answer is sent, the connection closed a second
 * later (refuseAndLinger).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_IMPORT_PATH } from '~/server/feeds/import.http.ts';
import { isPhotoUploadPath, PRODUCT_IMPORT_PATH } from '~/server/product-feed/paths.ts';
import { BACK_OFFICE_UPLOAD_PATH } from '~/server/feeds/multipart-stream.ts';
import { isApiPath, pathOf, refuse } from './refusal.ts';
import { transportSettings } from './settings.ts';

export const BODY_TOO_LARGE = 'The request body is larger than 1 MB';

const LINGER_MS = 1000;

/**
 * Answers the refusal at once, in full, then stops reading and keeps the connection for a second before
 * closing it. Closing at once, with the client's bytes still unread, is a reset that can reach the client
 * before it has read the answer; reading on would let a fast client make the server take in megabytes
 * for nothing. Paused, the client's sending stalls (TCP flow control) while it reads the answer.
 */
function refuseAndLinger(req: IncomingMessage, res: ServerResponse, api: boolean, status: number, code: string, message: string) {
  refuse(res, api, status, code, message, { hold: true });
  req.pause();
  const close = () => {
    if (!res.writableEnded) res.end();
    req.socket.destroy();
  };
  setTimeout(close, LINGER_MS).unref();
}

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Resolves true once the body (if any) is in `req.body`; false when the request has been answered here. */
export function admitBody(req: IncomingMessage, res: ServerResponse): Promise<boolean> | boolean {
  // GET and HEAD bodies are never read by the shop (Node discards them).
  if (req.method === 'GET' || req.method === 'HEAD' || !hasBody(req)) return true;
  const path = pathOf(req.url);
  // The stock-file import streams its file and holds it to ADMIN_IMPORT_MAX_BYTES itself (src/server/feeds/import.http.ts).
  if (path === ADMIN_IMPORT_PATH || path === PRODUCT_IMPORT_PATH) return true;
  // So does the back office's upload form (src/server/feeds/back-office-import.ts), behind a staff session.
  if (path === BACK_OFFICE_UPLOAD_PATH) return true;
  // And a product photograph's upload (src/server/products/photo-upload.ts: PHOTO_UPLOAD_MAX_BYTES).
  if (isPhotoUploadPath(path, req.headers['content-type'])) return true;
  const api = isApiPath(path);
  const max = transportSettings.maxBodyBytes;
  const tooLarge = () => refuseAndLinger(req, res, api, 413, 'payload_too_large', BODY_TOO_LARGE);
  if (Number(req.headers['content-length'] ?? 0) > max) {
    tooLarge();
    return false;
  }
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const stop = (admitted: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      chunks = [];
      resolve(admitted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      stop(false);
      tooLarge();
    };
    const onEnd = () => {
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks, size);
      stop(true);
    };
    const onError = () => stop(false);
    const timer = setTimeout(() => {
      stop(false);
      refuse(res, api, 408, 'request_timeout', `The request body did not arrive within ${transportSettings.bodyTimeoutMs / 1000} seconds`);
      req.socket.destroySoon();
    }, transportSettings.bodyTimeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
