import type { APIRoute } from 'astro';
import { shareImage } from '~/server/seo/share-http.ts';

/** /images/share/brand.png, /images/share/diamonds/{id}-{digest}.png, /images/share/products/{id}--{metal}-{digest}.png */
export const GET: APIRoute = ({ params, request }) => shareImage(params.file ?? '', request);
