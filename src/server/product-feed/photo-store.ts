/**
 * The shop's photographs: each source image is processed once, with sharp, into AVIF, WebP
 * and JPEG at several widths, and kept under the photo directory (PHOTO_DIR, default VAR_DIR/photos; on
 * several app servers, a directory they share). A photograph is named by the digest of its source bytes,
 * so the same picture imported twice (or by two servers at once) is processed once, its files never
 * change, and browsers may keep them for a year: /images/photos/{digest}/{width}.{avif|webp|jpg}.
 *
 * The files of a photograph are written into a temporary folder and moved into place whole (a rename),
 * with `photo.json` (its widths and size) last: a photograph without it was never finished.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { config } from '~/server/config/config.ts';

import { PHOTO_WIDTHS, photoUrl, photoWidths, type PhotoFormat } from '~/server/products/product-photos.ts';

export { photoUrl };
/** The largest source the shop takes: bigger pictures are refused, not squeezed (a 20-megapixel camera is well below). */
const MAX_PIXELS = 50_000_000;
export const PHOTO_PATH = /^([0-9a-f]{32})\/(\d{2,4})\.(avif|webp|jpg)$/;

export interface StoredPhoto {
  /** The digest that names the photograph. */
  photo: string;
  /** Width and height of the largest rendition. */
  width: number;
  height: number;
  widths: number[];
}

export class PhotoError extends Error {}

export function photoDir(): string {
  return config.photoDir;
}

export function photoDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** A photograph already in the store, or undefined. */
export function storedPhoto(photo: string): StoredPhoto | undefined {
  if (!/^[0-9a-f]{32}$/.test(photo)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(photoDir(), photo, 'photo.json'), 'utf8')) as StoredPhoto;
  } catch {
    return undefined;
  }
}

/** Checks that sharp can read the bytes as a picture of a sensible size; its width and height (upright). */
export async function inspectPhoto(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    throw new PhotoError(`not a picture the shop can read (${(error as Error).message.split('\n')[0]})`);
  }
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw new PhotoError('not a picture the shop can read (no size)');
  if (width < 200 || height < 200) throw new PhotoError(`too small (${width}×${height} px; at least 200 px each way)`);
  return { width, height };
}

const underWay = new Map<string, Promise<StoredPhoto>>();

/** Processes a source picture once (a photograph already stored is not made again). */
export async function storePhoto(bytes: Uint8Array): Promise<StoredPhoto> {
  const photo = photoDigest(bytes);
  const done = storedPhoto(photo);
  if (done) return done;
  let work = underWay.get(photo);
  if (!work) {
    work = makePhoto(photo, bytes).finally(() => underWay.delete(photo));
    underWay.set(photo, work);
  }
  return work;
}

async function makePhoto(photo: string, bytes: Uint8Array): Promise<StoredPhoto> {
  const { width: full, height: fullHeight } = await inspectPhoto(bytes);
  // The widths narrower than the source, and the source's own width (at most the largest of PHOTO_WIDTHS).
  const unique = photoWidths(Math.min(full, PHOTO_WIDTHS.at(-1)!));
  const dir = photoDir();
  const final = path.join(dir, photo);
  const temp = path.join(dir, `.${photo}.${randomBytes(6).toString('hex')}`);
  await fs.promises.mkdir(temp, { recursive: true });
  try {
    // Upright (EXIF orientation applied), in sRGB, without the camera's metadata (location among it).
    const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient().toColourspace('srgb');
    for (const w of unique) {
      const resized = base.clone().resize({ width: w, withoutEnlargement: true });
      await resized
        .clone()
        .avif({ quality: 55, effort: 3 })
        .toFile(path.join(temp, `${w}.avif`));
      await resized
        .clone()
        .webp({ quality: 78 })
        .toFile(path.join(temp, `${w}.webp`));
      await resized
        .clone()
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(path.join(temp, `${w}.jpg`));
    }
    const largest = unique.at(-1)!;
    const stored: StoredPhoto = { photo, width: largest, height: Math.round((fullHeight * largest) / full), widths: unique };
    await fs.promises.writeFile(path.join(temp, 'photo.json'), JSON.stringify(stored));
    try {
      await fs.promises.rename(temp, final);
    } catch (error) {
      // Another server finished the same photograph first: its files are the same.
      if (!storedPhoto(photo)) throw error;
      await fs.promises.rm(temp, { recursive: true, force: true });
    }
    return stored;
  } catch (error) {
    await fs.promises.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** The file behind /images/photos/{path}, or undefined. */
export function photoFile(relative: string): { file: string; format: PhotoFormat } | undefined {
  const m = PHOTO_PATH.exec(relative);
  if (!m) return undefined;
  return { file: path.join(photoDir(), m[1]!, `${m[2]}.${m[3]}`), format: m[3] as PhotoFormat };
}
