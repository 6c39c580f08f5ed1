/**
 * Compression of shared answers (src/server/page-cache/page-store.ts). A page is compressed twice in its life:
 * - when it is rendered, in the one coding the requester asked for, at a fast level (brotli 4, gzip 6;
 *   timings in docs/performance.md). A coding another client asks for later is made then, at the same level.
 * - when it is asked for again (a page more than one shopper wants), once, off the event loop (zlib's
 *   thread pool) at the best levels worth their time for a kept page (brotli 9, gzip 9); the bytes
 *   replace the fast ones only if the store still holds that same entry (src/server/page-cache/page-store.ts).
 * Listing URLs nobody asks twice (new filter combinations) never pay the slow levels.
 */
import zlib from 'node:zlib';
import type { Bytes } from './page-store.ts';

export type Coding = 'br' | 'gzip';
export const FAST = { br: 4, gzip: 6 } as const;
export const BEST = { br: 9, gzip: 9 } as const;

const brotliOptions = (quality: number, size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** Compresses now, on the request's clock, at the fast level. */
export function compressFast(identity: Bytes, coding: Coding): Bytes {
  return new Uint8Array(
    coding === 'br' ? zlib.brotliCompressSync(identity, brotliOptions(FAST.br, identity.length)) : zlib.gzipSync(identity, { level: FAST.gzip }),
  );
}

/** Compresses in zlib's thread pool at the best level; the event loop goes on serving meanwhile. */
export function compressBest(identity: Bytes, coding: Coding): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Bytes));
    if (coding === 'br') zlib.brotliCompress(identity, brotliOptions(BEST.br, identity.length), done);
    else zlib.gzip(identity, { level: BEST.gzip }, done);
  });
}
