/** The footer's newsletter form: the browser's check, the loading state, the snackbar, and the form without JavaScript. */
import { expect, test, type Page, type TestInfo } from '@playwright/test';

// testId is unique per test and project: no two tests, or projects, subscribe the same address.
const address = (info: TestInfo, name: string) => `${name}.${info.testId}@example.com`;
const form = (page: Page) => page.locator('footer form[data-newsletter-form]');
const snackbar = (page: Page) => page.locator('[data-snackbar-box]');

test("warns 'Enter a valid email address' for an empty, blank or @-less address", async ({ page }) => {
  await page.goto('/');
  const email = form(page).getByRole('textbox', { name: 'Email address' });
  for (const value of ['', '   ', 'anna.example.com']) {
    await email.fill(value);
    await form(page).getByRole('button', { name: 'Subscribe' }).click();
    // Shown again by each click: Escape hid the last one (its text stays in the hidden box).
    await expect(snackbar(page)).toBeVisible();
    await expect(snackbar(page)).toHaveText('Enter a valid email address');
    await expect(snackbar(page)).toHaveAttribute('data-severity', 'warning');
    await page.keyboard.press('Escape');
    await expect(snackbar(page)).toBeHidden();
  }
  await expect(page).toHaveURL(/\/$/);
});

test('shows the loading state, then the answer in the snackbar; a second time is answered kindly', async ({ page }, info) => {
  await page.goto('/');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscribe', async (route) => {
    await held;
    await route.continue();
  });
  const mail = address(info, 'loading');
  const email = form(page).getByRole('textbox', { name: 'Email address' });
  const button = form(page).getByRole('button', { name: 'Subscribe' });
  await email.fill(mail);
  await button.click();
  await expect(button).toBeDisabled();
  await expect(form(page).locator('[data-spinner]')).toBeVisible();
  release();
  await expect(snackbar(page)).toHaveText('Thank you for subscribing!');
  await expect(snackbar(page)).toHaveAttribute('data-severity', 'success');
  await expect(button).toBeEnabled();
  await expect(form(page).locator('[data-spinner]')).toBeHidden();
  await expect(email).toHaveValue('');
  await page.unroute('**/api/subscribe');
  await email.fill(mail.toUpperCase());
  await button.click();
  await expect(snackbar(page)).toHaveText('You are already subscribed. Thank you for staying in touch!');
});

test('shows a failure as an error in words a shopper reads', async ({ page }) => {
  await page.goto('/');
  // A 5xx reads as the generic error (src/lib/shopper-text.ts), whatever the server said.
  await page.route('**/api/subscribe', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The shop is starting or its database is unavailable' }) }),
  );
  await form(page).getByRole('textbox', { name: 'Email address' }).fill('anna@example.com');
  await form(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(snackbar(page)).toHaveText('Something went wrong');
  await expect(snackbar(page)).toHaveAttribute('data-severity', 'error');
  // A request that never reaches the shop: the connection message, never "POST http://…".
  await page.unroute('**/api/subscribe');
  await page.route('**/api/subscribe', (route) => route.abort());
  await form(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(snackbar(page)).toHaveText('We could not reach the shop. Check your connection and try again.');
  await expect(page.locator('body')).not.toContainText('http://');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still subscribes and the page shows the outcome', async ({ page }, info) => {
    await page.goto('/about-us');
    await form(page).getByRole('textbox', { name: 'Email address' }).fill(address(info, 'nojs'));
    await form(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/about-us\?newsletter=subscribed#newsletter-result$/);
    await expect(page.locator('#newsletter-result')).toHaveText('Thank you for subscribing!');
  });
});
