/**
 * A product photograph's addresses: /images/photos/{digest}/{width}.{avif|webp|jpg}, made at
 * import by src/server/product-feed/photo-store.ts at each of PHOTO_WIDTHS narrower than the source and
 * at the source's own width (at most the last), so the widths follow from the largest alone.
 */
import type { ProductPhoto } from '~/features/products/product.ts';
import type { PhotoRecord } from './product.repository.ts';

export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1600] as const;
export type PhotoFormat = 'avif' | 'webp' | 'jpg';

export function photoUrl(photo: string, width: number, format: PhotoFormat): string {
  return `/images/photos/${photo}/${width}.${format}`;
}

/** The widths a photograph whose largest rendition is `largest` px wide was made in. */
export function photoWidths(largest: number): number[] {
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

export function toPhoto(r: Pick<PhotoRecord, 'photo' | 'alt' | 'width' | 'height' | 'variant_id'>, fallbackAlt: string): ProductPhoto {
  const widths = photoWidths(r.width);
  const set = (format: PhotoFormat) => widths.map((w) => `${photoUrl(r.photo, w, format)} ${w}w`).join(', ');
  // The JPEG src is the one nearest a listing card's or a page's width (640), for browsers without srcset.
  const src = photoUrl(r.photo, widths.find((w) => w >= 640) ?? widths.at(-1)!, 'jpg');
  return {
    src,
    width: r.width,
    height: r.height,
    alt: r.alt || fallbackAlt,
    srcset: { avif: set('avif'), webp: set('webp'), jpeg: set('jpg') },
    variant_id: r.variant_id,
  };
}
