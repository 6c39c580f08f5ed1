import type { APIRoute } from 'astro';
import { robotsTxt } from '~/server/seo/robots.ts';

/** /robots.txt */
export const GET: APIRoute = () =>
  new Response(robotsTxt(), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
