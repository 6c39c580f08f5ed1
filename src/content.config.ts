/**
 * The content collections: Markdown pages that editors write (src/content/pages/*.md). Each page has a
 * slug (its route is /{slug}) and a status; drafts are hidden unless ?previewPage=true. The list must
 * match cmsPageRoutes in shop.json, which astro.config.mjs checks before every build.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { RANGE_GUIDES } from './features/diamonds/attributes.ts';
import { GRADE_GUIDES } from './features/diamonds/grade-attributes.ts';

const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages', generateId: ({ data, entry }) => String(data.slug ?? entry.replace(/\.md$/, '')) }),
  schema: z.object({
    title: z.string().min(1),
    slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case words joined by hyphens'),
    /** When the page last changed: the sitemap's <lastmod>. */
    updated_at: z.coerce.date().optional(),
    status: z.enum(['draft', 'published']),
    description: z.string().min(1),
    /** The small line above the title. */
    eyebrow: z.string().optional(),
  }),
});

/**
 * Guidance where the shopper decides (src/content/guidance/{topic}.md): one short explanation per filter
 * and grade, shown from the "?" beside a filter label or a grade on a diamond's page, with a link into
 * the Diamond Education page (`learn_more`, usually one of its section anchors).
 */
export const GUIDANCE_TOPICS = [
  // origin, cut, color, clarity, polish, symmetry, fluorescence, lab: the grade attributes' guide topics (src/features/diamonds/grade-attributes.ts)
  ...GRADE_GUIDES,
  // depth, table, lw_ratio: the range attributes' guide topics (src/features/diamonds/attributes.ts)
  ...RANGE_GUIDES,
] as const;
const guidance = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/guidance', generateId: ({ data, entry }) => String(data.topic ?? entry.replace(/\.md$/, '')) }),
  schema: z.object({
    title: z.string().min(1),
    topic: z.enum(GUIDANCE_TOPICS),
    learn_more: z.string().regex(/^\/diamond-education(#[a-z0-9-]+)?$/, 'must link to the Diamond Education page'),
  }),
});

export const collections = { pages, guidance };
