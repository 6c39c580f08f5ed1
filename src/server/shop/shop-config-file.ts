/**
 * Reading shop.json and the content pages from disk, for the build: astro.config.mjs calls
 * `assertShopFiles()` before Astro builds, so a broken file stops `astro build`, `astro dev` and
 * `astro check` with one message that starts with the file, then the path inside it and what is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ShopConfig } from '~/features/shop/shop-config.schema.ts';
import { parseShopConfig, ShopConfigError } from './shop-config.parse.ts';

export function readShopConfigFile(file: string, label = file): ShopConfig {
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ShopConfigError(`${label} at ${jsonErrorPlace(error, text)}: not valid JSON (${(error as Error).message})`);
  }
  return parseShopConfig(data, label);
}

/** "line 12, column 5" from a JSON.parse error that carries a position; "(the file)" otherwise. */
function jsonErrorPlace(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) return `line ${lineCol[1]}, column ${lineCol[2]}`;
  const pos = /position (\d+)/.exec(message);
  if (!pos) return '(the file)';
  const before = text.slice(0, Number(pos[1])).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

export interface PageFrontmatter {
  file: string;
  slug?: string;
  status?: string;
}

/** The `slug:` and `status:` lines of each Markdown page's frontmatter (flat scalars are all we need here). */
export function readPageFrontmatter(dir: string): PageFrontmatter[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
      const value = (key: string) => new RegExp(`^${key}:\\s*['"]?([^'"\\n]*?)['"]?\\s*$`, 'm').exec(front)?.[1];
      return { file: path.join(dir, f), slug: value('slug'), status: value('status') };
    });
}

/** cmsPageRoutes in shop.json and the pages of the content collection must name the same pages and statuses. */
export function checkPagesAgainstConfig(config: ShopConfig, pages: PageFrontmatter[], label: string): string[] {
  const problems: string[] = [];
  const bySlug = new Map(pages.filter((p) => p.slug).map((p) => [p.slug!, p]));
  config.cmsPageRoutes.forEach((route, i) => {
    const page = bySlug.get(route.slug);
    if (!page) problems.push(`${label} at cmsPageRoutes[${i}].slug: no content page has slug ${route.slug}`);
    else if (page.status !== route.status) problems.push(`${label} at cmsPageRoutes[${i}].status: is ${route.status} but ${page.file} says ${page.status}`);
  });
  const listed = new Set(config.cmsPageRoutes.map((r) => r.slug));
  for (const page of pages) {
    if (page.slug && !listed.has(page.slug)) problems.push(`${label} at cmsPageRoutes: ${page.file} (slug ${page.slug}) is missing from the list`);
  }
  return problems;
}

/** Validates shop.json and its content pages; throws one ShopConfigError listing every problem. */
export function assertShopFiles(root: string): ShopConfig {
  const label = 'src/content/shop.json';
  const config = readShopConfigFile(path.join(root, label), label);
  const pagesDir = path.join(root, 'src/content/pages');
  const pages = readPageFrontmatter(pagesDir).map((p) => ({ ...p, file: path.relative(root, p.file) }));
  const problems = checkPagesAgainstConfig(config, pages, label);
  if (problems.length) throw new ShopConfigError(problems.join('\n'));
  return config;
}
