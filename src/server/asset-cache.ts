/**
 * Hashed build assets (/_astro/*.js, .css, .svg) served compressed from memory: each file is compressed
 * once, at the best level (brotli 11, gzip 9), the first time it is asked for, instead of on every
 * request. Their names change with their content, so the cache never goes stale and browsers may keep
 * them for a year. Anything else (other encodings, other files) falls through to the adapter.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiate } from './encoding.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Entry {
  body: Buffer;
  etag: string;
}

const cache = new Map<string, Entry | null>();

function load(clientDir: string, name: string, encoding: 'br' | 'gzip'): Entry | null {
  const key = `${encoding}:${name}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const file = path.join(clientDir, '_astro', name);
  let entry: Entry | null = null;
  if (path.dirname(file) === path.join(clientDir, '_astro') && fs.existsSync(file) && fs.statSync(file).isFile()) {
    const raw = fs.readFileSync(file);
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } })
        : zlib.gzipSync(raw, { level: 9 });
    entry = { body, etag: `"${name}-${encoding}"` };
  }
  cache.set(key, entry);
  return entry;
}

/** Answers the request from the cache and returns true, or returns false to let the adapter serve it. */
export function serveCachedAsset(clientDir: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '').split('?')[0]!;
  const match = /^\/_astro\/([A-Za-z0-9._-]+)$/.exec(pathname);
  const type = match ? TYPES[path.extname(match[1]!)] : undefined;
  const encoding = negotiate(req.headers['accept-encoding']);
  if (!match || !type || encoding === 'identity') return false;
  const entry = load(clientDir, match[1]!, encoding);
  if (!entry) return false;
  res.setHeader('content-type', type);
  res.setHeader('content-encoding', encoding);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('etag', entry.etag);
  if (req.headers['if-none-match'] === entry.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('content-length', entry.body.byteLength);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
  return true;
}
