import type { APIRoute } from 'astro';
import { sitemapIndexResponse } from '~/server/seo/sitemap.http.ts';

/** /sitemap.xml: the sitemap index (src/server/seo/sitemaps.ts). */
export const GET: APIRoute = ({ request }) => sitemapIndexResponse(request);
