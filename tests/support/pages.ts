/**
 * The pages the quality gates measure, found on a running shop rather than listed: home, a content
 * page, the diamond and product listings (their paths from the shop configuration), and the first
 * diamond and product detail linked from those listings. A detail that no listing links to yet is left
 * out with a note. Also: the JavaScript a page loads in Chromium, in gzip bytes, and its budget.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Browser } from '@playwright/test';

export interface ShopPage {
  name: string;
  path: string;
  kind: 'shell' | 'diamond-listing' | 'detail' | 'other';
  /** The budget is a hard limit, with no 10% grace (pages: the diamond listing and table, the comparison). */
  exact?: boolean;
}

export async function discoverPages(base: string, notes: string[] = []): Promise<ShopPage[]> {
  const pages: ShopPage[] = [
    { name: 'home', path: '/', kind: 'shell' },
    { name: 'content page', path: '/about-us', kind: 'shell' },
    { name: 'diamond listing', path: '/diamonds', kind: 'diamond-listing', exact: true },
  ];
  const diamond = await firstLink(base, '/diamonds', /href="(\/diamonds\/\d+)(?:[?#][^"]*)?"/);
  if (diamond) pages.push({ name: 'diamond detail', path: diamond, kind: 'detail' });
  else notes.push('diamond detail: no /diamonds/{id} link on /diamonds yet, left out');
  // the table view weighs as the listing; the comparison of 4 stones at most 15 KB beyond the shell.
  pages.push({ name: 'diamond table', path: '/diamonds?view=table', kind: 'diamond-listing', exact: true });
  const stones = [...new Set([...(await (await fetch(`${base}/diamonds`)).text()).matchAll(/href="\/diamonds\/(\d+)"/g)].map((m) => m[1]))].slice(0, 4);
  if (stones.length) pages.push({ name: 'diamond compare', path: `/diamonds/compare?ids=${stones.join(',')}`, kind: 'shell', exact: true });
  pages.push({ name: 'product listing', path: '/engagement-rings', kind: 'other' });
  const product =
    (await firstLink(base, '/engagement-rings', /href="(\/products\/\d+)(?:[?#][^"]*)?"/)) ??
    (await firstLink(base, '/', /href="(\/products\/\d+)(?:[?#][^"]*)?"/));
  if (product) pages.push({ name: 'product detail', path: product, kind: 'detail' });
  else notes.push('product detail: no /products/{id} link on /engagement-rings or / yet, left out');
  return pages;
}

async function firstLink(base: string, path: string, pattern: RegExp): Promise<string | undefined> {
  const res = await fetch(base + path);
  return pattern.exec(await res.text())?.[1];
}

export interface PageJs {
  status: number;
  /** Every script the page ran, external and inline, with its gzip size. */
  scripts: { url: string; gzip: number }[];
  gzip: number;
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).byteLength;

/** Loads the page at 390 px like a phone, scrolls to the end (islands that wait to be visible), and weighs its JavaScript. */
export async function pageJavaScript(browser: Browser, url: string): Promise<PageJs> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module' || s.getAttribute('type') === 'text/javascript')
      .map((s) => s.textContent ?? ''),
  );
  await context.close();
  const scripts = await Promise.all(
    [...urls].map(async (src) => {
      const body = Buffer.from(await (await fetch(src, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      return { url: new URL(src).pathname, gzip: gzipSize(body) };
    }),
  );
  // Named by content, so that the shell's own inline scripts are recognised on every page.
  for (const text of inline) scripts.push({ url: `(inline ${createHash('sha256').update(text).digest('hex').slice(0, 8)})`, gzip: gzipSize(text) });
  return { status: response?.status() ?? 0, scripts, gzip: scripts.reduce((n, s) => n + s.gzip, 0) };
}

export const KB = 1024;
/**
 * content pages at most 15 KB beyond the shell's shared script; the diamond listing 90 KB.
 * the diamond and product detail pages at most 25 KB in all (their enhanced forms included).
 * the diamond listing (grid and table) 90 KB in all and the comparison 15 KB beyond the shell,
 * as limits: those pages (`exact`) get no grace.
 */
export const BUDGET = { shellExtra: 15 * KB, diamondListing: 90 * KB, detail: 25 * KB, tolerance: 0.1 };

export interface Verdict {
  budget: number | undefined;
  measured: number;
  over: boolean;
}

/** The measure a page's budget applies to (beyond the shell for shell pages), and whether it is over: more than 10% over, or over at all for an `exact` page. */
export function judge(page: ShopPage, js: PageJs, shell: PageJs): Verdict {
  const shellUrls = new Set(shell.scripts.map((s) => s.url));
  const limit = (budget: number) => budget * (page.exact ? 1 : 1 + BUDGET.tolerance);
  if (page.kind === 'shell') {
    const extra = js.scripts.filter((s) => !shellUrls.has(s.url)).reduce((n, s) => n + s.gzip, 0);
    return { budget: BUDGET.shellExtra, measured: extra, over: extra > limit(BUDGET.shellExtra) };
  }
  if (page.kind === 'diamond-listing') return { budget: BUDGET.diamondListing, measured: js.gzip, over: js.gzip > limit(BUDGET.diamondListing) };
  if (page.kind === 'detail') return { budget: BUDGET.detail, measured: js.gzip, over: js.gzip > limit(BUDGET.detail) };
  return { budget: undefined, measured: js.gzip, over: false };
}

/** The shell alone: the not-found screen is the layout (header, footer, snackbar) with nothing else. */
export const SHELL_PATH = '/quality-gates-shell-baseline';
