import type { APIRoute } from 'astro';
import { METAL_CODES, type MetalCode } from '~/features/catalog/metals.ts';
import { JEWELLERY_KINDS, jewellerySvg, type JewelleryKind } from '~/server/images/jewellery-svg.ts';
import { svgResponse } from '~/server/images/svg-response.ts';

/** /images/jewellery/{kind}--{metal}.svg */
export const GET: APIRoute = ({ params }) => {
  const match = /^([a-z]+)--([a-z0-9_]+)\.svg$/.exec(params.file ?? '');
  const kind = match?.[1] as JewelleryKind | undefined;
  const metal = match?.[2] as MetalCode | undefined;
  if (!kind || !metal || !JEWELLERY_KINDS.includes(kind) || !METAL_CODES.includes(metal)) {
    return new Response('Not found', { status: 404 });
  }
  return svgResponse(jewellerySvg(kind, metal));
};
