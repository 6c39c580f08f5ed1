/**
 * The sitemap routes' answers. Every sitemap is `application/xml`. The index and the diamond sitemaps
 * follow the catalogue change log: `Cache-Control: public, no-cache` (a cache may keep a copy but must
 * ask again before each use) and an ETag made of the change log's generation, so `If-None-Match` is a
 * cheap 304 while nothing changed, and a stone sold before a request is gone from that answer. The
 * pages and products sitemaps change only with a deploy or a seed: `public, max-age=300`.
 */
import { getDb } from '~/server/db/database.ts';
import { catalogueTag, diamondSitemap, pagesSitemap, productsSitemap, sitemapIndex } from './sitemaps.ts';

const XML = 'application/xml; charset=utf-8';
const FOLLOW_LOG = 'public, no-cache';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

function matches(request: Request, etag: string): boolean {
  return (
    request.headers
      .get('if-none-match')
      ?.split(',')
      .some((t) => t.trim() === etag || t.trim() === etag.slice(2) || t.trim() === '*') ?? false
  );
}

export async function sitemapIndexResponse(request: Request): Promise<Response> {
  const db = await getDb();
  const etag = await catalogueTag(db, 'index');
  const headers = { 'content-type': XML, 'cache-control': FOLLOW_LOG, etag };
  if (matches(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(await sitemapIndex(db), { headers });
}

export async function sitemapResponse(file: string, request: Request): Promise<Response> {
  const db = await getDb();
  if (file === 'pages.xml') return new Response(await pagesSitemap(db), { headers: { 'content-type': XML, 'cache-control': 'public, max-age=300' } });
  if (file === 'products.xml') return new Response(await productsSitemap(db), { headers: { 'content-type': XML, 'cache-control': 'public, max-age=300' } });
  const match = /^diamonds-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return notFound();
  const etag = await catalogueTag(db, `diamonds-${match[1]}`);
  const headers = { 'content-type': XML, 'cache-control': FOLLOW_LOG, etag };
  if (matches(request, etag)) return new Response(null, { status: 304, headers });
  const body = await diamondSitemap(db, Number(match[1]));
  return body ? new Response(body, { headers }) : notFound();
}
