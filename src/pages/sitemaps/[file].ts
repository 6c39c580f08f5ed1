import type { APIRoute } from 'astro';
import { sitemapResponse } from '~/server/seo/sitemap.http.ts';

/** /sitemaps/pages.xml, /sitemaps/products.xml, /sitemaps/diamonds-{n}.xml */
export const GET: APIRoute = ({ params, request }) => sitemapResponse(params.file ?? '', request);
