/** What every customer screen does first: private caching, and guests sent to sign in and back. */
import type { AstroGlobal } from 'astro';

export function privatePage(Astro: AstroGlobal): void {
  Astro.response.headers.set('cache-control', 'no-store');
}

/** /customer?redirect=<this path>, so that signing in comes back here. */
export function signInPath(url: URL): string {
  return `/customer?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}
