/**
 * Supplier photographs and videos of diamonds (the feed's photo_url and video_url), fetched once by the
 * shop and served from its own address (/media/diamonds/{id}/photo, /video): the page loads nothing from
 * other sites, so the Content-Security-Policy stays 'self'.
 *
 * - Fetched on demand, in the background: the first request for a stone's media starts the fetch and
 *   waits for it at most SUPPLIER_MEDIA_WAIT_MS; while none is cached the photo route answers the
 *   stone's drawing (never cached by the browser) and the page links to the video instead of playing it.
 * - Bounded: SUPPLIER_MEDIA_CONCURRENCY fetches at once in all, two per host, at most 500 waiting;
 *   each fetch ends after SUPPLIER_MEDIA_TIMEOUT_MS (the host's whole answer) and SUPPLIER_MEDIA_MAX_BYTES
 *   (photos; videos may be 8 times that). A host that failed is left alone for FAILURE_PAUSE_MS, so a
 *   slow or dead supplier never ties up the shop.
 * - Only real images (JPEG, PNG, WebP, AVIF, GIF) and videos (MP4, WebM) are kept, recognised by their
 *   bytes, not by what the host says; anything else (a supplier's HTML 360° viewer) stays a link.
 * - Cached under VAR_DIR/supplier-media (or SUPPLIER_MEDIA_DIR, shared by the servers), one file per
 *   address (its SHA-256), so a stone whose feed changes its link gets the new picture.
 * - Kept within SUPPLIER_MEDIA_CACHE_MAX_BYTES: after a fetch (at most once a minute) the least recently
 *   served files go until the cache is at 90% of it; a file's last use is its metadata file's time, moved
 *   when it is served (at most once an hour per file). Pieces left by a fetch that died go after an hour.
 */
import { env } from '~/server/config/env.ts';
import { fetchPublic } from '~/server/transport/public-fetch.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { config } from '~/server/config/config.ts';

export type MediaKind = 'photo' | 'video';

const FAILURE_PAUSE_MS = 10 * 60_000;
const PER_HOST = 2;
const MAX_WAITING = 500;

export const mediaSettings = () => ({
  dir: path.resolve(env('SUPPLIER_MEDIA_DIR') || path.join(config.varDir, 'supplier-media')),
  cacheMaxBytes: env('SUPPLIER_MEDIA_CACHE_MAX_BYTES'),
  timeoutMs: env('SUPPLIER_MEDIA_TIMEOUT_MS'),
  waitMs: env('SUPPLIER_MEDIA_WAIT_MS'),
  maxBytes: env('SUPPLIER_MEDIA_MAX_BYTES'),
  concurrency: env('SUPPLIER_MEDIA_CONCURRENCY'),
});

/** What the bytes are: only these are cached and served. */
export function sniff(head: Uint8Array, kind: MediaKind): string | undefined {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  const ascii = (i: number, s: string) => at(i, ...[...s].map((c) => c.charCodeAt(0)));
  if (kind === 'photo') {
    if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
    if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
    if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
    if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
    if (ascii(4, 'ftypavif') || ascii(4, 'ftypavis')) return 'image/avif';
    return undefined;
  }
  if (ascii(4, 'ftyp') && !ascii(4, 'ftypavif') && !ascii(4, 'ftypavis')) return 'video/mp4';
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  return undefined;
}

export interface CachedMedia {
  file: string;
  type: string;
  size: number;
  etag: string;
}

const keyOf = (url: string) => crypto.createHash('sha256').update(url).digest('hex');
const filesOf = (url: string) => {
  const base = path.join(mediaSettings().dir, keyOf(url));
  return { body: `${base}.bin`, meta: `${base}.json` };
};

/** The cached copy of an address, if any (a synchronous look: cheap, and usable while a page renders). */
export function cachedMedia(url: string): CachedMedia | undefined {
  const { body, meta } = filesOf(url);
  try {
    const { type, size } = JSON.parse(fs.readFileSync(meta, 'utf8')) as { type: string; size: number };
    if (!fs.existsSync(body)) return undefined;
    noteUse(meta);
    return { file: body, type, size, etag: `"${keyOf(url).slice(0, 32)}"` };
  } catch {
    return undefined;
  }
}

const USE_EVERY_MS = 60 * 60_000;
const TRIM_EVERY_MS = 60_000;
const PART_MAX_AGE_MS = 60 * 60_000;
const used = new Map<string, number>();

/** Moves a cached file's last use to now (its metadata file's time), at most once an hour per file. */
function noteUse(meta: string, now = Date.now()): void {
  const at = used.get(meta);
  if (at !== undefined && now - at < USE_EVERY_MS) return;
  if (used.size >= 10_000) used.clear();
  used.set(meta, now);
  fs.utimes(meta, new Date(now), new Date(now), () => undefined);
}

/**
 * Removes the least recently served media until the cache holds at most 90% of `maxBytes` (when it holds
 * more than `maxBytes`), and the pieces of fetches that died. Answers what went.
 */
export async function trimMediaCache(maxBytes = mediaSettings().cacheMaxBytes, now = Date.now()): Promise<{ removed: number; bytes: number }> {
  const dir = mediaSettings().dir;
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const entries: { base: string; size: number; used: number }[] = [];
  let total = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.part')) {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > PART_MAX_AGE_MS) await fs.promises.rm(file, { force: true });
      continue;
    }
    if (!name.endsWith('.bin')) continue;
    const base = file.slice(0, -'.bin'.length);
    const [body, meta] = await Promise.all([fs.promises.stat(file).catch(() => undefined), fs.promises.stat(`${base}.json`).catch(() => undefined)]);
    if (!body) continue;
    entries.push({ base, size: body.size, used: (meta ?? body).mtimeMs });
    total += body.size;
  }
  const gone = { removed: 0, bytes: 0 };
  if (total <= maxBytes) return gone;
  entries.sort((a, b) => a.used - b.used);
  for (const e of entries) {
    if (total <= maxBytes * 0.9) break;
    // The metadata first: from then on the copy is not served, whatever happens to the body.
    await fs.promises.rm(`${e.base}.json`, { force: true });
    await fs.promises.rm(`${e.base}.bin`, { force: true });
    used.delete(`${e.base}.json`);
    total -= e.size;
    gone.removed++;
    gone.bytes += e.size;
  }
  return gone;
}

let lastTrim = 0;
function trimSoon(): void {
  const now = Date.now();
  if (now - lastTrim < TRIM_EVERY_MS) return;
  lastTrim = now;
  void trimMediaCache().catch(() => undefined);
}

const inFlight = new Map<string, Promise<CachedMedia | undefined>>();
/** Hosts that timed out or refused the connection, and addresses that failed, by when: left alone for FAILURE_PAUSE_MS. */
const failedHosts = new Map<string, number>();
const failedUrls = new Map<string, number>();
const paused = (map: Map<string, number>, key: string) => {
  const at = map.get(key);
  return at !== undefined && Date.now() - at < FAILURE_PAUSE_MS;
};
const remember = (map: Map<string, number>, key: string) => {
  if (map.size >= 10_000) map.clear();
  map.set(key, Date.now());
};
/** An answer that says nothing about the host's health (a missing picture, a page that is not one). */
class NotMedia extends Error {}
const perHost = new Map<string, number>();
let running = 0;
const waiting: (() => void)[] = [];

async function slot(host: string): Promise<() => void> {
  for (;;) {
    if (running < mediaSettings().concurrency && (perHost.get(host) ?? 0) < PER_HOST) break;
    if (waiting.length >= MAX_WAITING) throw new Error('too many supplier media fetches waiting');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  perHost.set(host, (perHost.get(host) ?? 0) + 1);
  return () => {
    running--;
    perHost.set(host, perHost.get(host)! - 1);
    // Wake every waiter: each checks again whether its host has room.
    waiting.splice(0).forEach((wake) => wake());
  };
}

async function download(url: string, kind: MediaKind): Promise<CachedMedia | undefined> {
  const host = new URL(url).host;
  if (paused(failedHosts, host) || paused(failedUrls, url)) return undefined;
  const release = await slot(host);
  const { timeoutMs, maxBytes: photoMax } = mediaSettings();
  const max = kind === 'video' ? photoMax * 8 : photoMax;
  const { body, meta } = filesOf(url);
  const partial = `${body}.${process.pid}.${crypto.randomUUID()}.part`;
  try {
    const res = await fetchPublic(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: kind === 'photo' ? 'image/*' : 'video/*' } });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new NotMedia(`HTTP ${res.status}`);
    }
    if (Number(res.headers.get('content-length')) > max) {
      await res.body.cancel();
      throw new NotMedia('too large');
    }
    await fs.promises.mkdir(path.dirname(body), { recursive: true });
    const out = await fs.promises.open(partial, 'w');
    let size = 0;
    let type: string | undefined;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (size === 0) {
          type = sniff(chunk, kind);
          if (!type) throw new NotMedia('not an image or video');
        }
        size += chunk.byteLength;
        if (size > max) throw new NotMedia('too large');
        await out.write(chunk);
      }
    } finally {
      await out.close();
    }
    if (!type || size === 0) throw new NotMedia('empty');
    await fs.promises.rename(partial, body);
    await fs.promises.writeFile(meta, JSON.stringify({ type, size, url: url.slice(0, 2000), fetched_at: new Date().toISOString() }));
    failedHosts.delete(host);
    trimSoon();
    return cachedMedia(url);
  } catch (error) {
    remember(failedUrls, url);
    // A timeout or a refused connection: the host, not just this address, is left alone for a while.
    if (!(error instanceof NotMedia)) remember(failedHosts, host);
    return undefined;
  } finally {
    release();
    await fs.promises.rm(partial, { force: true });
  }
}

/** Starts fetching an address unless it is cached or on its way; resolves to the cached copy, or undefined. */
export function fetchMedia(url: string, kind: MediaKind): Promise<CachedMedia | undefined> {
  const cached = cachedMedia(url);
  if (cached) return Promise.resolve(cached);
  let job = inFlight.get(url);
  if (!job) {
    job = download(url, kind)
      .catch(() => undefined)
      .finally(() => inFlight.delete(url));
    inFlight.set(url, job);
  }
  return job;
}

/** The cached copy, fetching it first if need be but waiting at most SUPPLIER_MEDIA_WAIT_MS. */
export async function mediaWithin(url: string, kind: MediaKind): Promise<CachedMedia | undefined> {
  const job = fetchMedia(url, kind);
  const wait = mediaSettings().waitMs;
  if (wait <= 0) return cachedMedia(url);
  const stop = new AbortController();
  const late = sleep(wait, undefined, { signal: stop.signal }).catch(() => undefined);
  try {
    return await Promise.race([job, late]);
  } finally {
    stop.abort();
  }
}

/** The shop's own address of a stone's supplier media. */
export const mediaPath = (id: number, kind: MediaKind) => `/media/diamonds/${id}/${kind}`;
