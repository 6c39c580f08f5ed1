/**
 * Where an Image Src's picture comes from, read once per import:
 * - the shop's own photograph (/images/photos/{digest}/…, as an export writes it, on any host): the
 *   stored one, neither fetched nor processed again;
 * - an http(s) address: fetched once (30 s, at most PHOTO_MAX_BYTES), then processed;
 * - a file name: a file beside the CSV (the command line only: an upload over HTTP has no folder).
 * In a dry run the picture is read and checked, and nothing is stored.
 */
import fs from 'node:fs';
import { BlockedAddressError, fetchPublic } from '~/server/transport/public-fetch.ts';
import path from 'node:path';
import { inspectPhoto, PhotoError, storedPhoto, storePhoto, photoDigest, type StoredPhoto } from './photo-store.ts';

export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
const OWN = /^(?:https?:\/\/[^/]+)?\/images\/photos\/([0-9a-f]{32})\/\d{2,4}\.(?:avif|webp|jpg)$/i;

export interface PhotoSourceOptions {
  /** The folder file names are read from (the CSV's); undefined: file names are refused. */
  baseDir?: string;
  dryRun: boolean;
}

/** A photograph as the product will show it (in a dry run: as it would). */
export type ResolvedPhoto = Pick<StoredPhoto, 'photo' | 'width' | 'height'>;

export class PhotoSources {
  private readonly memo = new Map<string, Promise<ResolvedPhoto>>();
  /** Photographs processed (new to the shop) by this import. */
  processed = 0;

  constructor(private readonly options: PhotoSourceOptions) {}

  resolve(src: string): Promise<ResolvedPhoto> {
    let hit = this.memo.get(src);
    if (!hit) {
      hit = this.load(src);
      this.memo.set(src, hit);
    }
    return hit;
  }

  private async load(src: string): Promise<ResolvedPhoto> {
    const own = OWN.exec(src);
    const stored = own && storedPhoto(own[1]!.toLowerCase());
    if (stored) return stored;
    const bytes = /^https?:\/\//i.test(src) ? await fetchPicture(src) : await this.readFile(src);
    if (this.options.dryRun) {
      const digest = photoDigest(bytes);
      return storedPhoto(digest) ?? { photo: digest, ...(await inspectPhoto(bytes)) };
    }
    const before = storedPhoto(photoDigest(bytes));
    const done = await storePhoto(bytes);
    if (!before) this.processed++;
    return done;
  }

  private async readFile(src: string): Promise<Uint8Array> {
    const { baseDir } = this.options;
    if (!baseDir) throw new PhotoError('a file name works from the command line only (npm run import:products): over HTTP, give an http(s) address');
    const file = path.resolve(baseDir, src);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw new PhotoError(`no file ${src} beside the CSV`);
    }
    if (!stat.isFile()) throw new PhotoError(`${src} is not a file`);
    if (stat.size > PHOTO_MAX_BYTES) throw new PhotoError(`${src} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    return fs.promises.readFile(file);
  }
}

async function fetchPicture(url: string): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetchPublic(url, { signal: AbortSignal.timeout(30_000), headers: { accept: 'image/avif,image/webp,image/jpeg,image/png,image/*' } });
  } catch (error) {
    if (error instanceof BlockedAddressError) throw new PhotoError(`not fetched: ${error.message}`);
    throw new PhotoError(
      `could not fetch ${url} (${(error as Error).name === 'TimeoutError' ? 'no answer in 30 s' : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message)})`,
    );
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new PhotoError(`fetching ${url} answered ${res.status}`);
  }
  if (Number(res.headers.get('content-length')) > PHOTO_MAX_BYTES) {
    await res.body.cancel().catch(() => undefined);
    throw new PhotoError(`${url} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > PHOTO_MAX_BYTES) throw new PhotoError(`${url} is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
