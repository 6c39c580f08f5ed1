import type { APIRoute } from 'astro';
import { SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { diamondSvg } from '~/server/images/diamond-svg.ts';
import { cachedPngResponse, cachedSvgResponse } from '~/server/images/svg-response.ts';

/** /images/diamonds/{shape}.svg, or /images/diamonds/{shape}-{ratio × 100}.svg in a length-to-width ratio (100–250); each also as .png (for e-mail). */
export const GET: APIRoute = ({ params, request }) => {
  const m = /^([a-z]+)(?:-(\d{3}))?\.(svg|png)$/.exec(params.file ?? '');
  const shape = m?.[1] as Shape | undefined;
  const ratio = m?.[2] ? Number(m[2]) / 100 : undefined;
  if (!shape || !SHAPES.includes(shape) || (ratio !== undefined && (ratio < 1 || ratio > 2.5))) return new Response('Not found', { status: 404 });
  if (m![3] === 'png') return cachedPngResponse(params.file!, () => diamondSvg(shape, ratio), request);
  return cachedSvgResponse(params.file!, () => diamondSvg(shape, ratio), request);
};
