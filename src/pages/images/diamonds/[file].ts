import type { APIRoute } from 'astro';
import { SHAPES, type Shape } from '~/features/diamonds/grades.ts';
import { diamondSvg } from '~/server/images/diamond-svg.ts';
import { svgResponse } from '~/server/images/svg-response.ts';

/** /images/diamonds/{shape}.svg */
export const GET: APIRoute = ({ params }) => {
  const shape = params.file?.replace(/\.svg$/, '');
  if (!SHAPES.includes(shape as Shape)) return new Response('Not found', { status: 404 });
  return svgResponse(diamondSvg(shape as Shape));
};
