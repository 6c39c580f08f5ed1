/**
 * GET /images/share/…: the share images.
 * - `/images/share/brand.png` — the brand's card (home, content pages, listings);
 * - `/images/share/diamonds/{id}-{digest}.png` — a diamond's card;
 * - `/images/share/products/{id}--{metal}-{digest}.png` — a product's card in a variant's metal.
 * The digest names what the card shows (share.ts), so an answer is `public, max-age=31536000, immutable`
 * with an ETag (If-None-Match answers 304). A digest that is no longer current (the price changed)
 * redirects (302, not cached) to the current image; an unknown or hidden stone or product is a 404.
 */
import { getDiamond, toDiamond } from '~/server/diamonds/diamonds.service.ts';
import { getProduct } from '~/server/products/products.service.ts';
import { renderShareCard, type ShareCard } from './share-image.ts';
import { brandCard, diamondCard, diamondImagePath, digest, productCard, productImagePath, shareVariant } from './share.ts';

/** Rendered images, most recent last (a card takes 20–60 ms to draw; a popular one is drawn once). */
const rendered = new Map<string, Buffer>();
const KEEP = 256;

function png(card: ShareCard, request: Request): Response {
  const tag = digest(card);
  const etag = `"${tag}"`;
  const headers = { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000, immutable', etag };
  if (request.headers.get('if-none-match')?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  let bytes = rendered.get(tag);
  if (bytes) rendered.delete(tag);
  else bytes = renderShareCard(card);
  rendered.set(tag, bytes);
  if (rendered.size > KEEP) rendered.delete(rendered.keys().next().value!);
  return new Response(new Uint8Array(bytes), { headers: { ...headers, 'content-length': String(bytes.length) } });
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
const moved = (path: string) => new Response(null, { status: 302, headers: { location: path, 'cache-control': 'no-store' } });

export async function shareImage(file: string, request: Request): Promise<Response> {
  if (file === 'brand.png') return png(brandCard(), request);

  let match = /^diamonds\/(\d{1,9})-([A-Za-z0-9_-]{1,20})\.png$/.exec(file);
  if (match) {
    const row = await getDiamond(Number(match[1]));
    if (!row || Number(row.id) !== Number(match[1])) return notFound();
    const diamond = toDiamond(row);
    const card = diamondCard(diamond);
    return digest(card) === match[2] ? png(card, request) : moved(diamondImagePath(diamond));
  }

  match = /^products\/(\d{1,9})--([a-z0-9_]{1,40})-([A-Za-z0-9_-]{1,20})\.png$/.exec(file);
  if (match) {
    const product = await getProduct(Number(match[1]));
    if (!product || !product.status) return notFound();
    const variant = shareVariant(product, match[2]);
    const card = productCard(product, variant);
    return digest(card) === match[3] && (variant?.metal_code ?? 'default') === match[2] ? png(card, request) : moved(productImagePath(product, variant));
  }
  return notFound();
}
