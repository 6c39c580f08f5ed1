import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe on the page (WCAG 2.1 A and AA) and expects no violations, listing them when there are. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The shared page cache keeps a page for up to 30 s (src/server/page-cache.ts SHARED_PAGE_SECONDS). */
const SHARED_PAGE_MS = 30_000;

/**
 * The footer's copyright line as the server may have rendered it: the year now or, when a run crosses
 * New Year, the year of a page rendered (and shared) up to 30 s ago. Call it after the page is loaded.
 */
export function copyright(suffix: string): RegExp {
  const years = new Set([new Date(Date.now() - SHARED_PAGE_MS - 5_000).getFullYear(), new Date().getFullYear()]);
  return new RegExp(`© (${[...years].join('|')}) ${suffix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * Opens a listing's filters on a narrow screen (where they are wide, they show anyway and this does
 * nothing). A click before the island is live is lost, so it clicks until the toggle says it is open.
 */
export async function openFilters(page: Page, panel: 'diamond-filters' | 'product-filters' = 'diamond-filters') {
  const toggle = page.locator(`button[aria-controls="${panel}"]`);
  if (!(await toggle.isVisible())) return;
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
