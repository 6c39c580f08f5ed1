import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Runs axe on the page (WCAG 2.1 A and AA) and expects no violations, listing them when there are. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const shots = path.resolve(import.meta.dirname, '../../var/screenshots');

/** A back-office screen: axe, and a full-page screenshot named for the screen and the project's width (var/screenshots/admin-NAME-1280|390.png). */
export async function checkAdminScreen(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `admin-${name}-${testInfo.project.name === 'mobile' ? 390 : 1280}.png`), fullPage: true });
}

/** Fills and sends the back office's sign-in form (the page must be /admin/login). */
export async function staffSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The shared page cache keeps a page for up to 30 s (src/server/page-cache/page-cache.ts SHARED_PAGE_SECONDS). */
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
