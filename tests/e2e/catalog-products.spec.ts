import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, openFilters } from './support.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';

const idOf = (name: string) => PRODUCTS.findIndex((p) => p.name === name) + 1;
const halo = idOf('Pavé Halo Setting');
const studs = idOf('Round Diamond Stud Earrings');

async function hydrated(page: Page) {
  await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
}

test('a product page chooses metal and total carat weight, shown as fractions, with the price of the variant', async ({ page }) => {
  await page.goto(`/products/${studs}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round Diamond Stud Earrings');
  const weights = page.getByRole('group', { name: 'Total carat weight' }).getByRole('link');
  await expect(weights).toHaveText(['1/4 ct. tw.', '1/2 ct. tw.', '3/4 ct. tw.', '1 ct. tw.', '1 1/2 ct. tw.', '2 ct. tw.']);
  const price = page.getByTestId('price');
  const first = await price.innerText();
  expect(first).toMatch(/^\$[\d,]+\.\d\d$/);

  await page.getByRole('link', { name: '1 1/2 ct. tw.' }).click();
  await expect(page).toHaveURL(/ctw=1\.5/);
  await expect(page.getByRole('link', { name: '1 1/2 ct. tw.' })).toHaveAttribute('aria-current', 'true');
  const bigger = await price.innerText();
  expect(bigger).not.toBe(first);

  await page.getByRole('group', { name: /Metal/ }).getByRole('link', { name: 'Platinum' }).click();
  await expect(page).toHaveURL(/metal=platinum&ctw=1\.5/);
  await expect(page.getByRole('group', { name: /Metal/ })).toContainText('Metal: Platinum');
  expect(await price.innerText()).not.toBe(bigger);
  await expect(page.locator('img[alt*="Platinum"]')).toHaveAttribute('src', /--platinum--angled\.svg$/);
  const variant = await page.locator('form[action="/api/checkout/cart/add"] input[name="selected_configurable_option"]').inputValue();
  expect(Number(variant)).toBeGreaterThan(0);
  await expect(page.getByLabel('Ring size (US)')).toHaveCount(0);
});

test('a ring asks for its size; in build-your-own a setting offers to be chosen', async ({ page }) => {
  await page.goto(`/products/${halo}`);
  const size = page.getByLabel('Ring size (US)');
  await expect(size).toBeVisible();
  await expect(size.locator('option')).toContainText(['Choose a size', '3', '3.5']);
  await expect(page.getByTestId('accepts')).toContainText('Round, Oval, Cushion');
  await expectNoAxeViolations(page);

  await page.goto(`/build-your-own/products/${halo}?metal=platinum`);
  await expect(page.getByText('Step 1: the setting')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose this setting' })).toHaveAttribute('href', new RegExp(`^/diamonds\\?setting=${halo}&variant=\\d+$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${halo}$`));
  const res = await page.goto(`/build-your-own/products/${studs}`);
  expect(res?.status()).toBe(404);
});

test('a product listing filters by pf* parameters and by its controls, and swatches switch the metal shown', async ({ page }) => {
  await page.goto('/wedding-bands?pf_metal=platinum');
  await hydrated(page);
  await openFilters(page, 'product-filters');
  await expect(page.getByRole('checkbox', { name: /^Platinum/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /^Eternity/ }).check();
  await expect(page).toHaveURL(/\/wedding-bands\?pf_metal=platinum&pf_style=eternity$/);
  const titles = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['Shared-Prong Half Eternity', 'Anniversary Diamond Band', 'Diamond Eternity Band']);

  // The card opens in the filter's metal; a swatch switches it.
  const card = page.getByRole('article').filter({ hasText: 'Diamond Eternity Band' });
  await expect(card.getByRole('button', { name: 'Platinum' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('img')).toHaveAttribute('src', /--platinum--angled\.svg$/);
  await expect(card.getByRole('link').first()).toHaveAttribute('href', /metal=platinum/);
  const priceBefore = await card.locator('p').first().innerText();
  await card.getByRole('button', { name: '14K Yellow Gold' }).click();
  await expect(card.getByRole('button', { name: '14K Yellow Gold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator('img')).toHaveAttribute('src', /--14k_yellow_gold--angled\.svg$/);
  expect(await card.locator('p').first().innerText()).not.toBe(priceBefore);
  await expect(card.getByRole('link').first()).toHaveAttribute('href', /metal=14k_yellow_gold/);
});

test('listing slugs narrow products by style and by category; the listings pass axe', async ({ page }) => {
  await page.goto('/engagement-rings/halo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halo Engagement Rings');
  const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
  expect(names.sort()).toEqual(
    PRODUCTS.filter((p) => p.style === 'halo' && p.category === 'engagement-rings')
      .map((p) => p.name)
      .sort(),
  );
  await hydrated(page);
  await openFilters(page, 'product-filters');
  await expectNoAxeViolations(page);

  await page.goto('/jewellery/earrings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Earrings');
  await expect(page.getByRole('status')).toContainText(`${PRODUCTS.filter((p) => p.category === 'earrings').length} pieces`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld['@type']).toBe('ItemList');
  expect((await page.goto('/engagement-rings/no-such-style'))?.status()).toBe(404);
});

test('search finds products and diamonds, ranks them, escapes the query and says when nothing matches', async ({ page }) => {
  await page.goto('/search?q=halo');
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results.first()).toContainText('Halo');
  const all = await results.allInnerTexts();
  expect(all.length).toBeGreaterThan(3);
  // Pieces named for a halo come first; after them only pieces whose description speaks of one.
  const named = all.map((t) => /halo/i.test(t));
  const firstUnnamed = named.includes(false) ? named.indexOf(false) : named.length;
  expect(firstUnnamed).toBeGreaterThan(3);
  for (const text of all.slice(firstUnnamed)) {
    expect(/halo/i.test(text), text).toBe(false);
    const piece = PRODUCTS.find((p) => text.includes(p.name));
    expect(piece?.story ?? '', text).toMatch(/halo/i);
  }

  await page.goto('/search?q=oval');
  await expect(page.getByRole('link', { name: /Oval diamonds/ })).toHaveAttribute('href', '/diamonds/oval');

  await page.goto('/search?q=P-0006');
  await expect(results.first()).toContainText('Pavé Halo Setting');

  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>zzqx')}`);
  await expect(page.getByText('No results for “<img src=x onerror=alert(1)>zzqx”')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Diamonds', exact: true }).last()).toBeVisible();
  expect(dialogs).toBe(0);
  await expectNoAxeViolations(page);
});
