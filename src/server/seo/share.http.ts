/**
 * GET /images/share/…: the share images.
 * - `/images/share/brand.png` — the brand's card (home, content pages, listings);
 * - `/images/share/diamonds/{id}-{digest}.png` — a diamond's card;
 * - `/images/share/products/{id}--{metal}-{digest}.png` — a product's card in a variant's metal.
 * The digest names what the card shows (share.ts), so an answer is `public, max-age=31536000, immutable`
 * with an ETag (If-None-Match answers 304). A digest that is no longer current (the price changed)
 * redirects (302, not cached) to the current image; an unknown or hidden stone or product is a 404.
 * Each image is drawn once per digest and kept (share-store.ts), on a worker thread (share-drawing.ts);
 * drawing is limited per client address (60 drawings in 10 minutes; beyond, 429 with Retry-After),
 * while images already drawn are served to anyone.
 */
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { HttpError } from '~/server/endpoint/http.ts';
import { consume, type Limit } from '~/server/security/rate-limit.ts';
import type { ShareCard } from './share-image.ts';
import { drawShareCard } from './share-drawing.ts';
import { storedShareImage, storeShareImage } from './share-store.ts';
import { brandCard, diamondCard, diamondImagePath, digest, productCard, productImagePath, shareVariant } from './share.ts';

/** Drawings (images not drawn before) per client address. */
export const SHARE_DRAW_LIMIT: Limit = { bucket: 'share:draw', max: 60, windowMs: 10 * 60_000 };

/** Drawings under way, by digest: a second request for the same new image waits for the first. */
const drawing = new Map<string, Promise<Buffer>>();

async function imageOf(card: ShareCard, tag: string, client: string): Promise<Buffer> {
  const stored = await storedShareImage(tag);
  if (stored) return stored;
  let underWay = drawing.get(tag);
  if (!underWay) {
    await consume(SHARE_DRAW_LIMIT, client);
    underWay = drawShareCard(card).then(async (png) => {
      await storeShareImage(tag, png);
      return png;
    });
    drawing.set(tag, underWay);
    underWay.then(
      () => drawing.delete(tag),
      () => drawing.delete(tag),
    );
  }
  return underWay;
}

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

async function png(card: ShareCard, request: Request, client: string): Promise<Response> {
  const tag = digest(card);
  const etag = `"${tag}"`;
  const headers = { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', etag };
  if (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((t) => t.trim().replace(/^W\//, '') === etag)
  )
    return new Response(null, { status: 304, headers });
  let bytes: Buffer;
  try {
    bytes = await imageOf(card, tag, client);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 429 || error.status === 503)) return plain(error.status, error.message, error.headers);
    throw error;
  }
  return new Response(new Uint8Array(bytes), { headers: { ...headers, 'content-length': String(bytes.length) } });
}

const notFound = () => plain(404, 'Not found');
const moved = (path: string) => new Response(null, { status: 302, headers: { location: path, 'cache-control': 'no-store' } });

/** `client`: the client address drawings are counted under (security/client-address.ts). */
export async function shareImage(file: string, request: Request, client: string): Promise<Response> {
  if (file === 'brand.png') return png(brandCard(), request, client);

  let match = /^diamonds\/(\d{1,9})-([A-Za-z0-9_-]{1,20})\.png$/.exec(file);
  if (match) {
    const row = await getDiamond(Number(match[1]));
    if (!row || Number(row.id) !== Number(match[1])) return notFound();
    const diamond = toDiamond(row);
    const card = diamondCard(diamond);
    return digest(card) === match[2] ? png(card, request, client) : moved(diamondImagePath(diamond));
  }

  match = /^products\/(\d{1,9})--([a-z0-9_]{1,40})-([A-Za-z0-9_-]{1,20})\.png$/.exec(file);
  if (match) {
    const product = await getProduct(Number(match[1]));
    if (!product || !product.status) return notFound();
    const variant = shareVariant(product, match[2]);
    const card = productCard(product, variant);
    return digest(card) === match[3] && (variant?.metal_code ?? 'default') === match[2]
      ? png(card, request, client)
      : moved(productImagePath(product, variant));
  }
  return notFound();
}
