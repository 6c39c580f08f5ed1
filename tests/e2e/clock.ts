import type { Page } from '@playwright/test';

/**
 * Fakes the page's timers and stops time before the page loads, so a test moves time itself with
 * `page.clock.runFor(ms)` (an installed clock otherwise keeps ticking in real time).
 */
export async function stopTime(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}
