/**
 * Content pages (the `pages` collection, src/content/pages/*.md) by route. A page lives at /{slug}; a
 * draft is hidden (not found) unless the request asks for a preview with ?previewPage=true.
 */
import { getCollection, type CollectionEntry } from 'astro:content';

export type ContentPage = CollectionEntry<'pages'>;

export interface ResolvedPage {
  page: ContentPage;
  /** True when a draft is shown because of ?previewPage=true. */
  preview: boolean;
}

/** The slug a path names when it is one segment (`/about-us`, `/about-us/`), else undefined. */
export function slugOfPath(pathname: string): string | undefined {
  const match = /^\/([a-z0-9-]+)\/?$/.exec(pathname);
  return match?.[1];
}

export function isPreview(url: URL): boolean {
  return url.searchParams.get('previewPage') === 'true';
}

export async function resolveContentPage(url: URL): Promise<ResolvedPage | undefined> {
  const slug = slugOfPath(url.pathname);
  if (!slug) return undefined;
  // Looked up in the collection rather than with getEntry, which warns on every miss: any client could
  // write a warning line to the log per request by asking for pages that do not exist.
  const page = (await getCollection('pages')).find((entry) => entry.id === slug);
  if (!page) return undefined;
  if (page.data.status === 'draft') return isPreview(url) ? { page, preview: true } : undefined;
  return { page, preview: false };
}

/** Published pages, for links (the home page's reading list). */
export async function publishedPages(): Promise<ContentPage[]> {
  return getCollection('pages', (entry) => entry.data.status === 'published');
}
