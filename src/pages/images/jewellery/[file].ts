import type { APIRoute } from 'astro';
import { METAL_CODES, type MetalCode } from '~/features/products/metals.ts';
import { SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { JEWELLERY_KINDS, jewellerySvg, type JewelleryKind } from '~/server/images/jewellery-svg.ts';
import { VIEWS, drawJewellery, isDesign, type View } from '~/server/images/jewellery/index.ts';
import { cachedPngResponse, cachedSvgResponse } from '~/server/images/svg-response.ts';

/**
 * /images/jewellery/{design}--{metal}--{view}.svg, /images/jewellery/{design}--{metal}--{view}--{shape}-{L}x{W}.svg
 * (a setting holding a stone of L × W hundredths of a mm) and the first form /images/jewellery/{kind}--{metal}.svg.
 * Each also as `.png` (for e-mail; src/server/images/svg-response.ts).
 */
export const GET: APIRoute = ({ params, request }) => {
  const asked = params.file ?? '';
  const png = asked.endsWith('.png');
  const file = png ? `${asked.slice(0, -4)}.svg` : asked;
  const respond = (draw: () => string) => (png ? cachedPngResponse(asked, draw, request) : cachedSvgResponse(file, draw, request));
  const notFound = () => new Response('Not found', { status: 404 });
  const legacy = /^([a-z]+)--([a-z0-9_]+)\.svg$/.exec(file);
  if (legacy) {
    const [, kind, metal] = legacy as unknown as [string, JewelleryKind, MetalCode];
    if (!JEWELLERY_KINDS.includes(kind) || !METAL_CODES.includes(metal)) return notFound();
    return respond(() => jewellerySvg(kind, metal));
  }
  const m = /^([a-z-]+)--([a-z0-9_]+)--([a-z]+)(?:--([a-z]+)-(\d{3,4})x(\d{3,4}))?\.svg$/.exec(file);
  if (!m) return notFound();
  const [, design, metal, view, shape, l, w] = m;
  if (!isDesign(design) || !METAL_CODES.includes(metal as MetalCode) || !VIEWS.includes(view as View)) return notFound();
  if (shape && !SHAPES.includes(shape as Shape)) return notFound();
  const stone = shape ? { shape: shape as Shape, lengthMm: Number(l) / 100, widthMm: Number(w) / 100 } : undefined;
  if (stone && (stone.lengthMm < 1 || stone.widthMm < 1 || stone.lengthMm > 30 || stone.widthMm > 30)) return notFound();
  return respond(() => drawJewellery(design, metal as MetalCode, view as View, stone));
};
