import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, openFilters } from './support.ts';
import { stonesFor } from './cart-support.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { SEED } from '~/server/db/seed/seed.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';

// The e2e server is seeded with the deterministic demo data (3000 stones): the same stones every run.
const stones = (() => {
  const rng = createRng(SEED);
  return Array.from({ length: 3000 }, (_, i) => generateDiamond(rng, i, PRODUCTS.length + 1 + i, 'x'));
})();
/** An oval of this spec's own share (tests/e2e/cart-support.ts), which no other test sells or orders. */
const ovalOf = (info: TestInfo) => {
  const mine = new Set(stonesFor(info, 'diamond page').map((d) => d.id));
  const oval = stones.find((s) => mine.has(s.id) && s.shape === 'oval');
  if (!oval) throw new Error('the diamond page share holds no oval: make it larger in tests/e2e/cart-support.ts');
  return oval;
};
const sold = stones.find((s) => s.status === 'sold' && !s.is_hidden)!;

async function hydrated(page: Page) {
  await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
}
const cards = (page: Page) => page.getByRole('list', { name: 'Diamond results' }).getByRole('link');

test('the diamond listing shows the first page before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/diamonds?df_shape=oval&df_carat_min=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diamonds');
  await expect(cards(page)).toHaveCount(24);
  for (const text of await cards(page).allInnerTexts()) expect(text).toMatch(/^(1|2|3|4|5)\.\d\d ct Oval/);
  await expect(page.getByRole('navigation', { name: 'Diamond result pages' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'href',
    /page=2.*df_shape=oval/,
  );
  await context.close();
});

test('a shared link reproduces the search: shape, origin and ranges from df* parameters', async ({ page }) => {
  await page.goto('/diamonds?sort_by=carat&sort_direction=desc&df_shape=round&df_origin=lab_grown&df_price_max=3000');
  await openFilters(page);
  await expect(page.getByRole('checkbox', { name: 'Round' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Lab-grown/ })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('carat');
  const texts = await cards(page).allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  const carats = texts.map((t) => Number(/^([\d.]+) ct/.exec(t)![1]));
  expect(carats).toEqual([...carats].sort((a, b) => b - a));
  for (const t of texts) {
    expect(t).toContain('Round · Lab-grown');
    expect(Number(/\$([\d,.]+)/.exec(t)![1]!.replace(/,/g, ''))).toBeLessThanOrEqual(3000);
  }
});

test('a shape slug narrows the listing, and an unknown slug is a 404', async ({ page }) => {
  await page.goto('/diamonds/emerald');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emerald Diamonds');
  for (const t of await cards(page).allInnerTexts()) expect(t).toContain('Emerald');
  const res = await page.goto('/diamonds/not-a-shape');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
});

test('filtering with the controls updates the list and the URL, keyboard included', async ({ page }) => {
  await page.goto('/diamonds');
  await hydrated(page);
  await openFilters(page);
  const status = page.getByRole('status').filter({ hasText: 'diamonds' });
  const before = await status.innerText();

  await page.getByRole('checkbox', { name: 'Cushion' }).check();
  await expect(page).toHaveURL(/df_shape=cushion/);
  await expect(status).not.toHaveText(before);
  await expect(cards(page).first()).toContainText('Cushion');

  // Keyboard only: Space on a colour chip, arrows on the carat slider.
  await page.getByRole('checkbox', { name: 'G', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/df_color=G/);
  const minCarat = page.getByRole('slider', { name: 'Minimum carat' });
  await minCarat.focus();
  for (let i = 0; i < 70; i++) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/df_carat_min=1(\.0\d)?(&|$)/);
  await expect(page.getByRole('status').filter({ hasText: 'Updating' })).toHaveCount(0);
  // The URL changes at each key press, before its search: a search answered between two presses can leave
  // "Updating" gone while the last one's is still to start, so the cards are read until they follow.
  await expect(async () => {
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(Number(/^([\d.]+) ct/.exec(t)![1])).toBeGreaterThanOrEqual(1);
      expect(t).toMatch(/Cushion/);
      expect(t).toMatch(/· G ·/);
    }
  }).toPass({ timeout: 10_000 });
  // The filter parameters come after the others.
  await page.getByLabel('Sort by').selectOption('carat');
  await expect(page).toHaveURL(/\?sort_by=carat&df_shape=cushion&df_color=G&df_carat_min=/);
  // A reload keeps the search.
  await page.reload();
  await openFilters(page);
  await expect(page.getByRole('checkbox', { name: 'Cushion' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'G', exact: true })).toBeChecked();
});

test('pages move through the results and the back button returns', async ({ page }) => {
  await page.goto('/diamonds?df_shape=round');
  await hydrated(page);
  const firstPage = await cards(page).first().getAttribute('href');
  await page.getByRole('navigation', { name: 'Diamond result pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2&df_shape=round/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page).first()).not.toHaveAttribute('href', firstPage!);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(cards(page).first()).toHaveAttribute('href', firstPage!);
});

test('a diamond page shows its grading, certificate and prices, with real cart and wishlist forms', async ({ page }, testInfo) => {
  const available = ovalOf(testInfo);
  await page.goto(`/diamonds/${available.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${available.carat.toFixed(2)} Carat Oval ${available.origin === 'lab_grown' ? 'Lab-Grown ' : ''}Diamond`,
  );
  await expect(page.getByText(`certificate number ${available.certificate_number}`)).toBeVisible();
  await expect(page.getByText(/per carat$/)).toBeVisible();
  for (const term of ['Cut', 'Colour', 'Clarity', 'Polish', 'Symmetry', 'Fluorescence', 'Depth', 'Table', 'Measurements']) {
    await expect(page.locator('dt', { hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  const cart = page.locator('form[action="/api/checkout/cart/add"]');
  await expect(cart.locator('input[name="ids"]')).toHaveValue(String(available.id));
  await expect(cart.locator('input[name="quantity"]')).toHaveValue('1');
  await expect(cart.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(page.locator(`form[action="/api/wishlist/add/${available.id}"]`).getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/diamonds/${available.id}$`));
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld).toMatchObject({
    '@type': 'Product',
    sku: available.sku,
    offers: { '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  });
  await expectNoAxeViolations(page);
});

test('a sold diamond says so and cannot be added; an unknown one is a 404', async ({ page }) => {
  await page.goto(`/diamonds/${sold.id}`);
  await expect(page.getByText('This diamond has been sold.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  const res = await page.goto('/diamonds/99999999');
  expect(res?.status()).toBe(404);
});

test('in build-your-own, a diamond page offers to choose it for the ring', async ({ page }, testInfo) => {
  const available = ovalOf(testInfo);
  await page.goto(`/build-your-own/diamonds/${available.id}`);
  await expect(page.getByText('Step 2: the diamond')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose this diamond' })).toHaveAttribute('href', `/engagement-rings?diamond=${available.id}&start=diamond`);
});

test('the diamond listing has no accessibility violations', async ({ page }) => {
  await page.goto('/diamonds?df_shape=oval');
  await hydrated(page);
  await openFilters(page);
  await expectNoAxeViolations(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/diamonds\?df_shape=oval$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /certified/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld['@type']).toBe('ItemList');
  expect(ld.itemListElement[0].item.offers.priceCurrency).toBe('USD');
});

test('a change cancels the search request in flight', async ({ page }) => {
  await page.goto('/diamonds');
  await hydrated(page);
  await openFilters(page);
  let held = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The first search is held until the page has given up on it, so the second change finds it in flight.
  await page.route('**/catalog/api/diamonds?*', async (route) => {
    if (!held) {
      held = true;
      await gate;
    }
    await route.continue().catch(() => undefined);
  });
  const firstRequest = page.waitForRequest((r) => r.url().includes('/catalog/api/diamonds?'));
  const aborted = page.waitForEvent('requestfailed', (r) => r.url().includes('/catalog/api/diamonds?'));
  await page.getByRole('checkbox', { name: 'Oval' }).check();
  await firstRequest;
  await page.getByRole('checkbox', { name: 'Pear' }).check();
  expect((await aborted).url()).toContain(encodeURIComponent('"shape":["oval"]'));
  release();
  await expect(page).toHaveURL(/df_shape=oval,pear/);
  await expect(page.getByText('Updating…')).toHaveCount(0);
  for (const t of await cards(page).allInnerTexts()) expect(t).toMatch(/ct (Oval|Pear)/);
});
