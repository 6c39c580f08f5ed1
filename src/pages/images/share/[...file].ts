import type { APIRoute } from 'astro';
import { shareImage } from '~/server/seo/share.http.ts';
import { clientKey } from '~/server/security/client-address.ts';

/** /images/share/brand.png, /images/share/diamonds/{id}-{digest}.png, /images/share/products/{id}--{metal}-{digest}.png */
export const GET: APIRoute = (context) => shareImage(context.params.file ?? '', context.request, clientKey(context));
