/**
 * The diamond buyer's tools: compare up to 4 stones from cards and table rows (tray, shareable
 * page, a fifth refused, a sold stone), the table view (sorting by click and keyboard, remembered), the
 * histograms on the sliders, and axe on each new screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, openFilters } from './support.ts';
import { setDiamondStatus, stonesFor } from './cart-support.ts';

async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]:not([client="cart"])')).toHaveCount(0);
}
const tray = (page: Page) => page.getByRole('complementary', { name: 'Compare diamonds' });
const columns = (page: Page) => page.locator('[data-compare-column]');
const snackbar = (page: Page) => page.locator('[data-snackbar-box]');
const table = (page: Page) => page.getByRole('table', { name: 'Diamond results' });

test('compare 4 stones from cards and table rows; a fifth is refused; the link is shared; a sold stone is no longer available', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  await page.goto('/diamonds');
  await hydrated(page);
  const cardButtons = page.getByRole('list', { name: 'Diamond results' }).getByRole('button', { name: /^Compare / });
  await cardButtons.nth(0).click();
  await cardButtons.nth(1).click();
  await expect(cardButtons.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(tray(page).getByTestId('compare-count')).toHaveText('2');

  await page.getByRole('link', { name: 'Table' }).click();
  await expect(page).toHaveURL(/view=table/);
  const rowButtons = table(page).getByRole('button', { name: /^Compare / });
  await expect(rowButtons.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await rowButtons.nth(2).click();
  await rowButtons.nth(3).click();
  await expect(tray(page).getByTestId('compare-count')).toHaveText('4');
  await rowButtons.nth(4).click();
  await expect(snackbar(page)).toHaveText('You can compare up to 4 diamonds. Remove one to add another.');
  await expect(rowButtons.nth(4)).toHaveAttribute('aria-pressed', 'false');
  await expect(tray(page).getByTestId('compare-count')).toHaveText('4');
  await expectNoAxeViolations(page);

  await tray(page).getByRole('link', { name: 'Compare now' }).click();
  await expect(page).toHaveURL(/\/diamonds\/compare\?ids=\d+,\d+,\d+,\d+$/);
  await expect(columns(page)).toHaveCount(4);
  for (const label of [
    'Price',
    'Price per carat',
    'Shape',
    'Carat',
    'Cut',
    'Colour',
    'Clarity',
    'Polish',
    'Symmetry',
    'Fluorescence',
    'Lab and certificate',
    'Depth',
    'Table',
    'Length to width ratio',
    'Measurements',
  ]) {
    await expect(page.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText('★ Best').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const shared = page.url();

  // The link in another browser: the same four stones, rendered by the server (no compare list there).
  const other = await browser.newContext();
  const friend = await other.newPage();
  await friend.goto(shared);
  await expect(columns(friend)).toHaveCount(4);
  // The same stones in the same order (their texts may differ if a stone of the first page is sold by
  // another test meanwhile: that is the "No longer available" case below).
  const stonesOf = (p: Page) => columns(p).evaluateAll((cells) => cells.map((c) => c.getAttribute('data-compare-column')));
  expect(await stonesOf(friend)).toEqual(await stonesOf(page));
  await expect(friend.getByRole('button', { name: /^Add to cart/ })).toHaveCount(4);
  await other.close();

  // Removing a column: the page without it, and the tray follows.
  await page
    .getByRole('link', { name: /^Remove .* from the comparison$/ })
    .first()
    .click();
  await expect(columns(page)).toHaveCount(3);
  const compared = () =>
    page.evaluate(() =>
      JSON.parse(localStorage.getItem('aurelle:compare') ?? '[]')
        .map((x: { id: number }) => x.id)
        .join(','),
    );
  await expect.poll(compared).toBe(new URL(page.url()).searchParams.get('ids'));

  // A stone sold meanwhile, and one nobody knows: "No longer available", not an error.
  const [mine, second] = stonesFor(info, 'diamond tools');
  await page.goto(`/diamonds/compare?ids=${mine!.id},${second!.id},99999999`);
  await expect(page.getByTestId('compare-unavailable')).toHaveCount(1);
  setDiamondStatus(mine!.id, 'sold');
  try {
    await page.reload();
    await expect(page.getByTestId('compare-unavailable')).toHaveCount(2);
    await expect(columns(page).nth(0)).toContainText('No longer available');
    await expect(page.getByRole('button', { name: /^Add to cart/ })).toHaveCount(1);
  } finally {
    setDiamondStatus(mine!.id, 'available');
  }

  // More than 4 ids: the first 4, with a notice.
  const ids = stonesFor(info, 'diamond tools')
    .slice(1, 7)
    .map((d) => d.id);
  await page.goto(`/diamonds/compare?ids=${ids.join(',')}`);
  await expect(columns(page)).toHaveCount(4);
  await expect(page.getByTestId('compare-notice')).toContainText('the first 4 are shown');
});

test('the table sorts by clicking and by keyboard and reloads in table view @desktop', async ({ page }) => {
  await page.goto('/diamonds?view=table');
  await hydrated(page);
  const header = (name: string) => table(page).getByRole('columnheader', { name, exact: true });
  await expect(header('Price')).toHaveAttribute('aria-sort', 'ascending');
  await header('Carat').getByRole('button').click();
  await expect(header('Carat')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('Price')).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/view=table&sort_by=carat/);
  const carats = async () => (await table(page).locator('tbody tr td:nth-child(2)').allInnerTexts()).map((t) => Number.parseFloat(t));
  await expect
    .poll(async () => {
      const c = await carats();
      return c.every((v, i) => i === 0 || v >= c[i - 1]!);
    })
    .toBe(true);
  await header('Carat').getByRole('button').click();
  await expect(header('Carat')).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const c = await carats();
      return c.length > 0 && c.every((v, i) => i === 0 || v <= c[i - 1]!);
    })
    .toBe(true);

  // By keyboard: Tab reaches the header buttons, Enter and Space sort.
  await header('Clarity').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header('Clarity')).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Space');
  await expect(header('Clarity')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort_by=clarity&sort_direction=desc/);
  await expect(table(page).locator('tbody tr').first().locator('td').nth(4)).toHaveText('I1');

  await page.reload();
  await expect(header('Clarity')).toHaveAttribute('aria-sort', 'descending');
  await expectNoAxeViolations(page);

  // Remembered: the listing without view= opens as a table for this shopper, until the grid is chosen.
  await page.goto('/diamonds');
  await expect(page).toHaveURL(/view=table/);
  await expect(table(page)).toBeVisible();
  await page.getByRole('link', { name: 'Grid' }).click();
  await expect(page.getByRole('list', { name: 'Diamond results' })).toBeVisible();
  await page.goto('/diamonds');
  await hydrated(page);
  await expect(page.getByRole('list', { name: 'Diamond results' })).toBeVisible();
  await expect(page).not.toHaveURL(/view=table/);
});

test('on a phone the table is a compact list, sorted from the menu, and reloads in table view @mobile', async ({ page }) => {
  await page.goto('/diamonds?view=table');
  await hydrated(page);
  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByLabel('Sort by').selectOption('carat');
  await expect(page).toHaveURL(/view=table&sort_by=carat/);
  await page.reload();
  await expect(table(page).locator('tbody tr')).toHaveCount(24);
  await expect(table(page).locator('tbody tr').first()).toContainText('ct');
  await expectNoAxeViolations(page);
});

test('the histogram bars change when another filter changes; the chosen range is highlighted', async ({ page }) => {
  await page.goto('/diamonds?df_price_max=3000');
  await hydrated(page);
  await openFilters(page);
  const bars = (unit: string) => page.getByTestId(`histogram-${unit}`).locator('[data-count]');
  const counts = (unit: string) => bars(unit).evaluateAll((list) => list.map((b) => b.getAttribute('data-count')).join(','));
  await expect(bars('price').first()).toBeAttached();
  expect(await page.getByTestId('histogram-price').locator('[data-selected]').count()).toBeGreaterThan(0);
  expect(await page.getByTestId('histogram-price').locator('[data-count]:not([data-selected])').count()).toBeGreaterThan(0);
  const [price, carat] = [await counts('price'), await counts('carat')];
  await page.getByRole('group', { name: 'Cut' }).getByRole('checkbox', { name: 'Fair' }).check();
  await expect.poll(() => counts('price')).not.toBe(price);
  await expect.poll(() => counts('carat')).not.toBe(carat);
});

test('recently viewed fills from diamond and product pages, shows on the cart, and drops a sold stone', async ({ page }, info) => {
  test.setTimeout(60_000);
  const [, , , , , , a, b] = stonesFor(info, 'diamond tools');
  const row = () => page.getByTestId('recently-viewed').getByRole('link');
  await page.goto(`/diamonds/${a!.id}`);
  await expect(page.getByRole('heading', { name: 'Recently viewed' })).toBeHidden();
  await page.goto(`/diamonds/${b!.id}`);
  await expect(row()).toHaveCount(1);
  await expect(row().first()).toHaveAttribute('href', `/diamonds/${a!.id}`);
  await page.goto('/products/2');
  await expect(row()).toHaveCount(2);
  await expect(row().first()).toHaveAttribute('href', `/diamonds/${b!.id}`);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
  await expect(row()).toHaveCount(3);
  await expect(row().first()).toHaveAttribute('href', '/products/2');
  await expectNoAxeViolations(page);

  setDiamondStatus(a!.id, 'sold');
  try {
    await page.goto('/cart');
    await expect(row()).toHaveCount(2);
    await expect(page.getByTestId('recently-viewed').locator(`a[href="/diamonds/${a!.id}"]`)).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('aurelle:recently-viewed') ?? '[]').map((x: { id: number }) => x.id));
    expect(stored).not.toContain(a!.id);
  } finally {
    setDiamondStatus(a!.id, 'available');
  }
});

test('a grade explanation opens by keyboard on a diamond page and beside a filter, and links to the Diamond Education page', async ({ page }, info) => {
  const [, , , , , , , stone] = stonesFor(info, 'diamond tools');
  await page.goto(`/diamonds/${stone!.id}`);
  const dialog = page.getByRole('dialog', { name: 'Clarity' });
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'What is clarity?' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('ten-times magnification');
  await expect(dialog.getByRole('link', { name: 'Learn more in our Diamond Education guide' })).toHaveAttribute(
    'href',
    '/diamond-education#clarity-the-diamonds-fingerprint',
  );
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/diamonds');
  await hydrated(page);
  await openFilters(page);
  await page.getByRole('button', { name: 'What is cut?' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('dialog', { name: 'Cut' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Cut' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Cut' })).toBeHidden();
  // Touch: a tap opens it as well.
  await page
    .getByRole('button', { name: 'What is origin?' })
    .tap()
    .catch(async () => page.getByRole('button', { name: 'What is origin?' }).click());
  await expect(page.getByRole('dialog', { name: 'Origin' })).toBeVisible();
});
