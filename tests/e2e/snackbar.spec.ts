/** The global snackbar: the show-snackbar event, top centre, 5000 ms, close, Escape, the generic error. */
import { expect, test, type Page } from '@playwright/test';
import { stopTime } from './clock.ts';

const show = (page: Page, detail: Record<string, unknown>) =>
  page.evaluate((d) => window.dispatchEvent(new CustomEvent('show-snackbar', { detail: d })), detail);
const snackbar = (page: Page) => page.locator('[data-snackbar-box]');

test('shows a message at the top centre and hides it after 5000 ms', async ({ page }) => {
  await stopTime(page);
  await page.goto('/about-us');
  await show(page, { message: 'Your ring has been saved', severity: 'success' });
  const box = snackbar(page);
  await expect(box).toBeVisible();
  await expect(box).toHaveText('Your ring has been saved');
  await expect(box).toHaveAttribute('data-severity', 'success');
  const rect = (await box.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(rect.x + rect.width / 2 - width / 2)).toBeLessThanOrEqual(1);
  expect(rect.y).toBeLessThan(24);
  await page.clock.runFor(4900);
  await expect(box).toBeVisible();
  await page.clock.runFor(100);
  await expect(box).toBeHidden();
});

test('hides on Escape and on its close button', async ({ page }) => {
  await page.goto('/');
  await show(page, { message: 'Check your details', severity: 'warning' });
  await expect(snackbar(page)).toHaveText('Check your details');
  await page.keyboard.press('Escape');
  await expect(snackbar(page)).toBeHidden();
  await show(page, { message: 'Hello', severity: 'default' });
  await expect(snackbar(page)).toBeVisible();
  await page.locator('[data-snackbar]').getByRole('button', { name: 'Close' }).click();
  await expect(snackbar(page)).toBeHidden();
});

test("reads an error with a blank message as 'Something went wrong' and announces it", async ({ page }) => {
  await page.goto('/');
  await show(page, { message: '  ', severity: 'error' });
  await expect(snackbar(page)).toHaveText('Something went wrong');
  await expect(snackbar(page)).toHaveAttribute('data-severity', 'error');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong');
});

test('calls onClose on every close (time-out, close button, Escape, replaced) and honours open: false', async ({ page }) => {
  await stopTime(page);
  await page.goto('/about-us');
  await page.evaluate(() => ((window as unknown as { snackbarClosed: string[] }).snackbarClosed = []));
  const showTracked = (message: string, extra: Record<string, unknown> = {}) =>
    page.evaluate(
      ([m, e]) =>
        window.dispatchEvent(
          new CustomEvent('show-snackbar', {
            detail: {
              message: m,
              severity: 'success',
              ...e,
              onClose: (reason: string) => (window as unknown as { snackbarClosed: string[] }).snackbarClosed.push(`${m}:${reason}`),
            },
          }),
        ),
      [message, extra] as const,
    );
  const closed = () => page.evaluate(() => (window as unknown as { snackbarClosed: string[] }).snackbarClosed);

  await showTracked('first', { duration: 1000 });
  await page.clock.runFor(1000);
  await expect(snackbar(page)).toBeHidden();
  expect(await closed()).toEqual(['first:timeout']);

  await showTracked('second');
  await page.locator('[data-snackbar]').getByRole('button', { name: 'Close' }).click();
  await showTracked('third');
  await page.keyboard.press('Escape');
  await showTracked('fourth');
  await showTracked('fifth');
  await expect(snackbar(page)).toHaveText('fifth');
  expect(await closed()).toEqual(['first:timeout', 'second:close', 'third:escape', 'fourth:replaced']);

  // open: false closes what is shown (its onClose called) and shows nothing itself.
  await show(page, { open: false });
  await expect(snackbar(page)).toBeHidden();
  expect(await closed()).toEqual(['first:timeout', 'second:close', 'third:escape', 'fourth:replaced', 'fifth:open-false']);
  await show(page, { message: 'Never shown', severity: 'error', open: false });
  await expect(snackbar(page)).toBeHidden();
  // Closed once only: the time-out of a closed message calls nothing again.
  await page.clock.runFor(6000);
  expect((await closed()).length).toBe(5);
});
