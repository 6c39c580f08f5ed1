/**
 * /diamonds/{id} and /products/{id}: a numeric id is one record's page; any other path is the configured
 * listing route there (/diamonds/oval, /diamonds/lab-grown), else the not-found screen (status 404). A
 * page that is found is the same for every shopper, so it is shared (src/server/page-cache/page-cache.ts).
 */
import type { AstroGlobal } from 'astro';
import { resolveListing } from '~/server/shop/routes.ts';
import { loadListing } from './listing-page.ts';
import { sharePage } from '~/server/page-cache/page-cache.ts';

export async function detailOrListing<T>(Astro: AstroGlobal, load: (id: number) => Promise<T | undefined>) {
  const param = Astro.params.id ?? '';
  const numeric = /^\d{1,9}$/.test(param);
  const record = numeric ? await load(Number(param)) : undefined;
  const route = numeric ? undefined : resolveListing(Astro.url.pathname);
  const listing = route && (await loadListing(route, Astro.url, Astro.locals.timing));
  if (!record && !listing) Astro.response.status = 404;
  else sharePage(Astro.locals); // the same for every shopper
  return { record, listing };
}
