/**
 * The Content-Security-Policy in a real browser: the shop's own pages run without a single violation
 * (Astro's hashes cover its inline scripts and styles, island hydration included), and script that
 * reaches a page anyway (raw HTML in an editor's Markdown, a reflected query) does not run.
 */
import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    __violations: string[];
    __pwned?: number;
  }
}

/** Records every CSP violation the page reports (the init script itself is exempt from the policy). */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  return console;
}

const violations = (page: Page) => page.evaluate(() => window.__violations);

for (const path of ['/', '/about-us', '/customer', '/diamonds', '/engagement-rings']) {
  test(`${path} runs under its CSP without a violation`, async ({ page }) => {
    const consoleErrors = await watchViolations(page);
    const res = await page.goto(path, { waitUntil: 'networkidle' });
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    expect(await violations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('the shell script still works under the policy', async ({ page }, info) => {
  const consoleErrors = await watchViolations(page);
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  // The footer's newsletter form answers through the bundled script (a snackbar), not a page load.
  const form = page.locator('footer form[data-newsletter-form]');
  await form.getByRole('textbox', { name: 'Email address' }).fill(`csp.${info.testId}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('[data-snackbar-box]')).toHaveText('Thank you for subscribing!');
  await expect(page).toHaveURL(/\/about-us$/);
  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('script injected into a content page does not run', async ({ page }) => {
  await watchViolations(page);
  // What an editor's raw HTML in Markdown would become: the real page, with the real headers.
  await page.route('**/about-us', async (route) => {
    const response = await route.fetch();
    const injected =
      '<script>window.__pwned = 1</script><img src="/favicon.svg" alt="" onload="window.__pwned = 2"><a id="evil" href="javascript:window.__pwned=3">win a ring</a><style>body{display:none}</style>';
    const body = (await response.text()).replace('<div class="prose', `${injected}<div class="prose`);
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, body, headers });
  });
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  await page.locator('#evil').click();
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  await expect(page.locator('body')).toBeVisible();
  const seen = await violations(page);
  expect(seen.some((v) => v.startsWith('script-src'))).toBe(true);
  expect(seen.some((v) => v.startsWith('style-src'))).toBe(true);
});

test('a search query is shown as text, never run', async ({ page }) => {
  await watchViolations(page);
  const payload = `"><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
  await page.goto(`/search?q=${encodeURIComponent(payload)}&redirect=${encodeURIComponent(payload)}`, { waitUntil: 'networkidle' });
  await page.goto(`/customer?redirect=${encodeURIComponent(payload)}`, { waitUntil: 'networkidle' });
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  // Escaped text never becomes an element, so there was nothing for the policy to block either.
  expect(await violations(page)).toEqual([]);
});
