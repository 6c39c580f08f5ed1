/**
 * Sitemaps (sitemaps.org protocol 0.9) of what a shopper can reach, on SITE_URL:
 * - `/sitemap.xml`, the index: `/sitemaps/pages.xml`, `/sitemaps/products.xml` and one
 *   `/sitemaps/diamonds-{n}.xml` per block of 50,000 stone ids that holds at least one listed stone;
 * - pages: the home page, the configured listings (menu links without a query) and published content pages;
 * - products: every product on sale (`/products/{id}`);
 * - diamonds-{n}: available, visible stones whose id is in ((n-1)·50,000, n·50,000], in id order.
 *   A stone keeps its sitemap for life (the blocks are id ranges), so a sale never moves others between
 *   files, and no file can pass 50,000 URLs (about 6 MB of XML, far under the 50 MB limit).
 * Diamond sitemaps are streamed: rows are read from the database in keyset batches (`id > last`, by the
 * primary key) and written out as they come, so a server never holds a whole file.
 */
import type { Db } from '~/server/db/database.ts';
import { currentDiamondGeneration, currentDiamondIndex } from '~/server/diamonds/diamond-sync.ts';
import { A_LIVE } from '~/server/diamonds/diamond-codes.ts';
import { publishedPages } from '~/server/content/content.service.ts';
import { listingPaths } from './listing-paths.ts';
import { siteUrl } from '~/server/mail/mailer.ts';
import { env } from '~/server/config/env.ts';

/** Stone ids per diamond sitemap: 50,000, the protocol's limit; SITEMAP_DIAMONDS_PER_FILE may lower it (1–50,000). */
export function sitemapUrls(): number {
  return env('SITEMAP_DIAMONDS_PER_FILE');
}
const BATCH = 5_000;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A W3C datetime for <lastmod>: ISO strings pass as they are, anything else goes through Date. */
export function w3cDate(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value)) return value;
  const date = value instanceof Date ? value : new Date(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const urlEntry = (loc: string, lastmod: string | undefined) => `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
const urlset = (body: string) => `${XML_HEAD}<urlset xmlns="${NS}">\n${body}</urlset>\n`;
const latest = (dates: (string | undefined)[]) =>
  dates
    .filter((d): d is string => !!d)
    .sort()
    .at(-1);

/** The numbers n of the diamond sitemaps that list at least one stone, from the in-memory index. */
export async function diamondChunks(db: Db): Promise<number[]> {
  const index = await currentDiamondIndex(db);
  const per = sitemapUrls();
  const chunks = new Set<number>();
  for (let i = 0; i < index.size; i++) if (index.A[i]! < A_LIVE) chunks.add(Math.ceil(index.ids[i]! / per));
  return [...chunks].sort((a, b) => a - b);
}

async function productsLastmod(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('status', '=', 1)
    .executeTakeFirst();
  return w3cDate(row?.at as string | undefined);
}

/** The index: every sitemap, the content one and the products one with the latest change they list. */
export async function sitemapIndex(db: Db): Promise<string> {
  const site = siteUrl();
  const [chunks, products, pages] = await Promise.all([diamondChunks(db), productsLastmod(db), contentLastmod()]);
  const entry = (path: string, lastmod?: string) =>
    `<sitemap><loc>${escapeXml(site + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`;
  const body =
    entry('/sitemaps/pages.xml', latest([pages, products])) +
    entry('/sitemaps/products.xml', products) +
    chunks.map((n) => entry(`/sitemaps/diamonds-${n}.xml`)).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}</sitemapindex>\n`;
}

async function contentLastmod(): Promise<string | undefined> {
  return latest((await publishedPages()).map((p) => w3cDate(p.data.updated_at)));
}

/** Home, listings and published content pages. Listings change with the products: their lastmod. */
export async function pagesSitemap(db: Db): Promise<string> {
  const site = siteUrl();
  const products = await productsLastmod(db);
  const pages = await publishedPages();
  const newest = latest([products, ...pages.map((p) => w3cDate(p.data.updated_at))]);
  const body =
    urlEntry(`${site}/`, newest) +
    listingPaths()
      .map((path) => urlEntry(site + path, products))
      .join('') +
    pages
      .sort((a, b) => a.data.slug.localeCompare(b.data.slug))
      .map((p) => urlEntry(`${site}/${p.data.slug}`, w3cDate(p.data.updated_at)))
      .join('');
  return urlset(body);
}

export async function productsSitemap(db: Db): Promise<string> {
  const site = siteUrl();
  const rows = await db.selectFrom('products').select(['id', 'updated_at']).where('status', '=', 1).orderBy('id').execute();
  return urlset(rows.map((r) => urlEntry(`${site}/products/${r.id}`, w3cDate(r.updated_at))).join(''));
}

/**
 * Up to BATCH stones after `after` up to `last`, by primary key alone: the status and visibility are
 * filtered here, not in SQL, so that no database is tempted to walk the (status, is_hidden, price) index
 * over every available stone instead of the id range (SQLite does, and then takes seconds per batch).
 */
async function diamondBatch(db: Db, after: number, last: number) {
  // Never more than a file holds: with a small SITEMAP_DIAMONDS_PER_FILE the tests meet full batches too.
  const size = Math.min(BATCH, sitemapUrls());
  const range = db.selectFrom('diamonds').where('id', '>', after).where('id', '<=', last);
  const rows = await range.select(['id', 'updated_at', 'status', 'is_hidden']).orderBy('id').limit(size).execute();
  return {
    listed: rows.filter((r) => r.status === 'available' && !Number(r.is_hidden)),
    next: rows.length === size ? Number(rows.at(-1)!.id) : undefined,
  };
}

/**
 * The diamond sitemap n as a stream of UTF-8 bytes, or undefined when it lists no stone (an empty
 * urlset is not valid). Rows are read a batch ahead of the bytes the client has taken.
 */
export async function diamondSitemap(db: Db, n: number): Promise<ReadableStream<Uint8Array> | undefined> {
  const per = sitemapUrls();
  const end = n * per;
  let batch = await diamondBatch(db, (n - 1) * per, end);
  while (batch.listed.length === 0 && batch.next !== undefined) batch = await diamondBatch(db, batch.next, end);
  if (batch.listed.length === 0) return undefined;
  const site = escapeXml(siteUrl());
  const encoder = new TextEncoder();
  let started = false;
  let current: typeof batch | undefined = batch;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${XML_HEAD}<urlset xmlns="${NS}">\n`));
        }
        // A batch may list nothing (all sold) or be the empty read past a full one: read on until there
        // is something to send, since a pull that enqueues nothing is never called again.
        while (current) {
          const more = current.next === undefined ? undefined : diamondBatch(db, current.next, end);
          let text = '';
          for (const r of current.listed) {
            const at = w3cDate(r.updated_at);
            text += `<url><loc>${site}/diamonds/${r.id}</loc>${at ? `<lastmod>${at}</lastmod>` : ''}</url>\n`;
          }
          if (text) controller.enqueue(encoder.encode(text));
          current = more ? await more : undefined;
          if (text) return;
        }
        controller.enqueue(encoder.encode('</urlset>\n'));
        controller.close();
      },
    },
    { highWaterMark: 2 },
  );
}

/**
 * The ETag of a sitemap: the catalogue change log's generation (any stone added, changed, reserved or
 * sold since makes a new one) and, for the index, the products' latest change.
 */
export async function catalogueTag(db: Db, what: string): Promise<string> {
  const products = what === 'index' ? `-${Date.parse((await productsLastmod(db)) ?? '0') || 0}` : '';
  return `W/"${what}-${BOOT}-${await currentDiamondGeneration(db)}${products}"`;
}
/** Generations count from the server's start: a restart must never answer 304 for an older state. */
const BOOT = Date.now().toString(36);
