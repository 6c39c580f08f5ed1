/**
 * Build your own, diamond first: from the home page's "Start with a diamond", by keyboard, the
 * diamond listing in build-your-own mode (kept in the URL), the stone's step page, the settings that hold
 * it, the review and the cart as one build-your-own line; the step bar reads 1 diamond, 2 setting,
 * 3 review on every page; the plain diamond page offers "Add a setting".
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { hydrated, popup, stonesFor } from './cart-support.ts';
import { fits, product, settings } from '../support/catalog-fixtures.ts';

const cathedral = product('Cathedral Solitaire'); // round, oval, cushion or princess; 0.5 to 4 ct
const stones = (info: TestInfo) => stonesFor(info, 'diamond first');
const bar = (page: Page) => page.getByRole('navigation', { name: 'Build your own ring' });

/** Follows a link or presses a button with the keyboard: focus, then Enter. */
async function press(target: Locator) {
  await target.focus();
  await expect(target).toBeFocused();
  await target.press('Enter');
}

/** The step bar's steps in reading order: number and name. */
async function expectDiamondFirstBar(page: Page) {
  const steps = bar(page).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveAttribute('data-testid', 'byo-step-diamond');
  await expect(steps.nth(0).locator('span').first()).toHaveText('1');
  await expect(steps.nth(1)).toHaveAttribute('data-testid', 'byo-step-setting');
  await expect(steps.nth(1).locator('span').first()).toHaveText('2');
  await expect(steps.nth(2)).toHaveAttribute('data-testid', 'byo-step-review');
  await expect(steps.nth(2).locator('span').first()).toHaveText('3');
}

test('a ring built diamond first from the home page, by keyboard, reaches the cart as one line', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await press(page.getByRole('main').getByRole('link', { name: 'Start with a diamond' }));
  await expect(page).toHaveURL(/\/diamonds\?start=diamond$/);
  await expectDiamondFirstBar(page);
  await expect(bar(page).getByTestId('byo-step-diamond')).toHaveAttribute('aria-current', 'step');

  // Every card (and, in the table, every row) opens the stone's build-your-own page, keeping the mode.
  const cards = page.getByRole('list', { name: 'Diamond results' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^\/build-your-own\/diamonds\/\d+\?start=diamond$/);
  await press(cards.first());
  await expect(page).toHaveURL(/\/build-your-own\/diamonds\/\d+\?start=diamond$/);
  await expectDiamondFirstBar(page);
  await expect(page.getByText('Build your own ring · Step 1: the diamond')).toBeVisible();

  // This test's own stone, one the Cathedral Solitaire holds, opened the way its card opens it.
  const stone = stones(testInfo).find(fits(cathedral))!;
  await page.goto(`/build-your-own/diamonds/${stone.id}?start=diamond`);
  const stoneName = await page.getByRole('heading', { level: 1 }).innerText();
  await press(page.getByRole('link', { name: 'Choose this diamond' }));
  await expect(page).toHaveURL(`/engagement-rings?diamond=${stone.id}&start=diamond`);
  await expectDiamondFirstBar(page);
  await expect(bar(page).getByTestId('byo-step-diamond')).toContainText(stoneName);
  const expected = settings
    .filter((s) => fits(s)(stone))
    .map((s) => s.name)
    .sort();
  // The settings that hold the stone fill more than one page of 24: every page is read, then page 1 again.
  const listed: string[] = [];
  for (let next: string | null = page.url(); next; ) {
    await page.goto(next);
    listed.push(...(await page.locator('main article h2').allInnerTexts()));
    const nextLink = page.getByRole('navigation', { name: 'Product result pages' }).getByRole('link', { name: 'Next' });
    next = (await nextLink.count()) ? await nextLink.getAttribute('href') : null;
  }
  expect(listed.sort()).toEqual(expected);
  await page.goto(`/engagement-rings?diamond=${stone.id}&start=diamond`);

  await press(page.locator('main article').filter({ hasText: cathedral.name }).getByRole('link').first());
  await expect(page).toHaveURL(new RegExp(`/build-your-own/products/${cathedral.id}\\?metal=.+&diamond=${stone.id}&start=diamond$`));
  await expectDiamondFirstBar(page);
  await expect(page.getByText('Build your own ring · Step 2: the setting')).toBeVisible();
  await press(page.getByRole('link', { name: 'Choose this setting' }));
  await expect(page).toHaveURL(new RegExp(`/build-your-own/summary\\?setting=${cathedral.id}&variant=\\d+&diamond=${stone.id}&start=diamond$`));
  await expectDiamondFirstBar(page);
  await expect(bar(page).getByTestId('byo-step-review')).toHaveAttribute('aria-current', 'step');
  await hydrated(page);
  const size = page.getByLabel('Standard size');
  await size.focus();
  await size.selectOption('6.5');
  await press(page.getByRole('button', { name: 'Add ring to cart' }));
  await expect(popup(page).locator('li[data-byo-group]')).toContainText(cathedral.name);

  await page.goto('/cart');
  const lines = page.locator('main li[data-byo-group]');
  await expect(lines).toHaveCount(1);
  await expect(lines.locator('[data-line-card]')).toHaveCount(2);
  await expect(lines).toContainText(stoneName);
  await expect(lines).toContainText(cathedral.name);
  await expect(lines).toContainText('Size 6.5');
});

test('the entry links open the diamond listing in build-your-own mode', async ({ page, isMobile }) => {
  await page.goto('/build-your-own/summary');
  await expect(page.getByRole('main').getByRole('link', { name: 'Choose a diamond' }).first()).toHaveAttribute('href', '/diamonds?start=diamond');
  if (isMobile) {
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByText('Engagement Rings', { exact: true }).click();
    await expect(drawer.getByRole('link', { name: 'Start with a diamond' })).toHaveAttribute('href', '/diamonds?start=diamond');
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Engagement Rings' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start with a diamond' })).toHaveAttribute(
      'href',
      '/diamonds?start=diamond',
    );
  }
  // The mode is in the URL: the link shared opens the same listing, table rows included.
  await page.goto('/diamonds?start=diamond&view=table');
  const rows = page.getByRole('table').getByRole('link');
  await expect(rows.first()).toHaveAttribute('href', /^\/build-your-own\/diamonds\/\d+\?start=diamond$/);
});

test('the plain diamond page offers "Add a setting" for a stone a setting holds', async ({ page }, testInfo) => {
  const own = stones(testInfo);
  const held = own.filter((d) => settings.some((s) => fits(s)(d)))[1]!;
  await page.goto(`/diamonds/${held.id}`);
  await press(page.getByRole('link', { name: 'Add a setting' }));
  await expect(page).toHaveURL(`/engagement-rings?diamond=${held.id}&start=diamond`);
  await expectDiamondFirstBar(page);
});
