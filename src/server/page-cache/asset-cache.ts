/**
 * Hashed build assets (/_astro/*.js, .css, .svg) served compressed from memory: each file is compressed
 * once, at the best level (brotli 11, gzip 9), the first time it is asked for, instead of on every
 * request. Their names change with their content, so the cache never goes stale and browsers may keep
 * them for a year. Only the build's real files are remembered (the folder is listed once): any other name
 * under /_astro/ is a small 404 at once, never a render of the shop's not-found page and never an entry
 * here. Real files in other encodings (identity) or of other types fall through to the adapter.
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

/** Compressed bodies of real files only: at most two entries per file of the build. */
const cache = new Map<string, Entry>();

let files: Set<string> | undefined;
/** The names of the build's files under /_astro/ (immutable while the server runs). */
function realFiles(clientDir: string): Set<string> {
  if (!files) {
    const dir = path.join(clientDir, '_astro');
    files = new Set(
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .filter((f) => f.isFile())
            .map((f) => f.name)
        : [],
    );
  }
  return files;
}

function load(clientDir: string, name: string, encoding: 'br' | 'gzip'): Entry {
  const key = `${encoding}:${name}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const raw = fs.readFileSync(path.join(clientDir, '_astro', name));
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } })
      : zlib.gzipSync(raw, { level: 9 });
  const entry = { body, etag: `"${name}-${encoding}"` };
  cache.set(key, entry);
  return entry;
}

function notFound(req: IncomingMessage, res: ServerResponse) {
  const body = 'Not found';
  res.statusCode = 404;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Answers the request from the cache and returns true, or returns false to let the adapter serve it. */
export function serveCachedAsset(clientDir: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '').split('?')[0]!;
  if (!pathname.startsWith('/_astro/')) return false;
  const name = pathname.slice('/_astro/'.length);
  if (!realFiles(clientDir).has(name)) {
    notFound(req, res);
    return true;
  }
  const type = TYPES[path.extname(name)];
  const encoding = negotiate(req.headers['accept-encoding']);
  if (!type || encoding === 'identity') return false;
  const entry = load(clientDir, name, encoding);
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
