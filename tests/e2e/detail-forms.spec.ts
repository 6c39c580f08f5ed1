/**
 * the diamond and product pages' Add to cart and Add to wishlist answer in place (JSON through
 * the same API, the badge counts one more, the popup opens or the snackbar confirms), still post as plain
 * forms without JavaScript, and say what went wrong in words a shopper reads; an island whose code never
 * arrives says so when the (shortened) load time-out ends.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { band, cartLink, popup, stonesFor } from './cart-support.ts';
import { stopTime } from './clock.ts';

const CONNECTION = 'We could not reach the shop. Check your connection and try again.';

const snackbar = (page: Page) => page.locator('[data-snackbar-box]');
/** Everything a shopper can read on the page must be free of addresses, request lines and field keys. */
async function expectShopperText(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('http://');
  expect(text).not.toContain('POST ');
  expect(text).not.toMatch(/\b[a-z]+_[a-z0-9_]+:/);
}

const wishlistCount = async (page: Page) => (await (await page.request.get('/api/wishlist/count')).json()).data.count as number;

/** The page's wishlist count as the header shows it: the desktop badge, or the drawer link's name on mobile. */
async function expectWishlistShows(page: Page, count: number, desktop: boolean) {
  if (desktop) await expect(page.locator('#header-wishlist-link [data-count-badge]')).toHaveText(String(count));
  else
    await expect(page.locator('dialog[data-drawer] [data-wishlist-link]')).toHaveAttribute(
      'aria-label',
      `Wishlist, ${count} ${count === 1 ? 'item' : 'items'}`,
    );
}

/**
 * Submits the form of a button and checks the request went as JSON, the button was disabled while it
 * ran (the request is held until the test has seen that) and the page stayed.
 */
async function submitInPlace(page: Page, button: ReturnType<Page['getByRole']>, path: RegExp): Promise<Request> {
  const before = page.url();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => (await gate, route.continue()),
    { times: 1 },
  );
  const sent = page.waitForRequest((r) => path.test(new URL(r.url()).pathname) && r.method() === 'POST');
  const answered = page.waitForResponse((r) => path.test(new URL(r.url()).pathname));
  await button.click();
  const request = await sent;
  await expect(button).toBeDisabled();
  release();
  await answered;
  await expect(button).toBeEnabled();
  expect(page.url()).toBe(before);
  expect(request.headers()['content-type']).toMatch(/^application\/json/);
  return request;
}

test('a diamond page adds to the cart and the wishlist in place', async ({ page }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'detail forms');
  const desktop = testInfo.project.name === 'desktop';
  await page.goto(`/diamonds/${stone!.id}`);
  await expect(cartLink(page).locator('[data-count-badge]')).toBeHidden();

  const add = await submitInPlace(page, page.getByRole('button', { name: 'Add to cart' }), /^\/api\/checkout\/cart\/add$/);
  expect(add.postDataJSON()).toEqual({ ids: [stone!.id], is_byo: false, quantity: 1 });
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).locator('[data-line-card]')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const wish = await submitInPlace(page, page.getByRole('button', { name: 'Add to wishlist' }), new RegExp(`^/api/wishlist/add/${stone!.id}$`));
  expect(wish.postDataJSON()).toEqual({});
  await expect(snackbar(page)).toBeVisible();
  await expect(snackbar(page)).toContainText('Item added to your wishlist');
  await expectWishlistShows(page, 1, desktop);
  expect(await wishlistCount(page)).toBe(1);
  await expectShopperText(page);
});

test('a product page adds the chosen variant and ring size in place', async ({ page }, testInfo) => {
  const desktop = testInfo.project.name === 'desktop';
  await page.goto(`/products/${band.id}`);
  const variant = band.variants[0]!;
  const addButton = page.getByRole('button', { name: 'Add to cart' });
  // The ring size is required: no request goes before it is chosen.
  await addButton.click();
  await expect(page.getByLabel('Ring size (US)')).toHaveJSProperty('validity.valueMissing', true);
  await page.getByLabel('Ring size (US)').selectOption('6.5');
  const add = await submitInPlace(page, addButton, /^\/api\/checkout\/cart\/add$/);
  expect(add.postDataJSON()).toEqual({ ids: [band.id], is_byo: false, quantity: 1, selected_configurable_option: variant.id, selected_size: '6.5' });
  await expect(cartLink(page).locator('[data-count-badge]')).toHaveText('1');
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toContainText(band.name);
  await page.keyboard.press('Escape');

  const wish = await submitInPlace(page, page.getByRole('button', { name: 'Add to wishlist' }), new RegExp(`^/api/wishlist/add/${band.id}$`));
  expect(wish.postDataJSON()).toEqual({ selected_configurable_option: variant.id });
  await expect(snackbar(page)).toContainText('Item added to your wishlist');
  await expectWishlistShows(page, 1, desktop);
  await expectShopperText(page);
});

test('without JavaScript the same buttons add through the form post', async ({ browser }, testInfo) => {
  const [, stone] = stonesFor(testInfo, 'detail forms');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL, viewport: testInfo.project.use.viewport });
  const page = await context.newPage();
  await page.goto(`/diamonds/${stone!.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('main [data-cart-line]')).toHaveCount(1);

  await page.goto(`/products/${band.id}`);
  await page.getByLabel('Ring size (US)').selectOption('7');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('main [data-cart-line]')).toHaveCount(2);

  await page.goto(`/diamonds/${stone!.id}`);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.locator('main [data-wishlist-entry]')).toHaveCount(1);
  await context.close();
});

test('a request that never reaches the shop says so in words, and the page stays as it was', async ({ page }, testInfo) => {
  const [, , stone] = stonesFor(testInfo, 'detail forms');
  await page.goto(`/diamonds/${stone!.id}`);
  await page.route('**/api/checkout/cart/add', (route) => route.abort());
  await page.route('**/api/wishlist/add/**', (route) => route.abort());
  const before = await page.locator('main').innerHTML();

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(snackbar(page)).toBeVisible();
  await expect(snackbar(page).getByRole('alert')).toHaveText(CONNECTION);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await expect(cartLink(page).locator('[data-count-badge]')).toBeHidden();
  await expect(popup(page)).toBeHidden();
  await expectShopperText(page);

  // The snackbar still reads the cart's failure: wait for the wishlist request itself to fail, then for
  // its form to settle (button enabled, no aria-busy), before comparing the page.
  const wishFailed = page.waitForEvent('requestfailed', (r) => /\/api\/wishlist\/add\//.test(r.url()));
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await wishFailed;
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
  await expect(page.locator('form[data-wishlist-add]')).not.toHaveAttribute('aria-busy');
  await expect(snackbar(page).getByRole('alert')).toHaveText(CONNECTION);
  await expectShopperText(page);
  expect(await page.locator('main').innerHTML()).toBe(before);
  expect(page.url()).toMatch(new RegExp(`/diamonds/${stone!.id}$`));
});

test('a sold stone reads as sold; a validation error as its message without the key', async ({ page }, testInfo) => {
  const [, , , stone] = stonesFor(testInfo, 'detail forms');
  await page.goto(`/diamonds/${stone!.id}`);
  // The stone sells between page view and click: the server answers 409 unavailable.
  await page.route('**/api/checkout/cart/add', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'The 1.00 Carat Round Diamond is no longer available',
        code: 'unavailable',
        errors: { ids: ['The 1.00 Carat Round Diamond is no longer available'] },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(snackbar(page).getByRole('alert')).toHaveText('This diamond has just been sold');
  await page.unroute('**/api/checkout/cart/add');

  await page.route('**/api/wishlist/add/**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'selected_configurable_option: is not a variant of this product',
        code: 'validation_failed',
        errors: { selected_configurable_option: ['is not a variant of this product'] },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(snackbar(page).getByRole('alert')).toHaveText('Is not a variant of this product');
  await page.unroute('**/api/wishlist/add/**');

  await page.route('**/api/wishlist/add/**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The shop is starting or its database is unavailable', code: 'unavailable' }),
    }),
  );
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(snackbar(page).getByRole('alert')).toHaveText('Something went wrong');
  await expectShopperText(page);
});

test('a cart-popup chunk that never arrives shows the error with a reload action when the time-out ends', async ({ page }, testInfo) => {
  const desktop = testInfo.project.name === 'desktop';
  // The test knob (src/features/shell/island-load.ts): honoured because the test server sets SHOP_TEST_KNOBS.
  await page.addInitScript(() => localStorage.setItem('aurelle:island-timeout-ms', '1500'));
  const held: (() => void)[] = [];
  await page.route(/\/_astro\/CartPopup\.[^/]*\.js/, (route) => void held.push(() => route.abort()));
  await page.goto('/about-us');
  await expect(page.locator('html')).toHaveAttribute('data-test-knobs', '');
  const asked = page.waitForRequest(/\/_astro\/CartPopup\.[^/]*\.js/);
  if (desktop) await cartLink(page).hover();
  else await cartLink(page).tap();
  await asked;
  const alert = snackbar(page).getByRole('alert');
  await expect(alert).toHaveText('This part of the page could not load. Reload the page to try again.');
  const reload = snackbar(page).getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await expectShopperText(page);

  // The plain link still works: it goes to the cart page.
  await snackbar(page).getByRole('button', { name: 'Close' }).click();
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  for (const release of held) release();
});

test('a cart-popup chunk that fails after its one retry says so at once, and the cart link still works', async ({ page }, testInfo) => {
  const desktop = testInfo.project.name === 'desktop';
  const tries: string[] = [];
  await page.route(/\/_astro\/CartPopup\.[^/]*\.js/, (route) => (tries.push(route.request().url()), route.abort()));
  await page.goto('/about-us');
  if (desktop) await cartLink(page).hover();
  else await cartLink(page).tap();
  await expect(snackbar(page).getByRole('alert')).toHaveText('This part of the page could not load. Reload the page to try again.');
  await expect(snackbar(page).getByRole('button', { name: 'Reload' })).toBeVisible();
  // Astro's one retry (with ?astro-retry=…), then the message: the time-out (120 s here) did not have to end.
  expect(tries).toHaveLength(2);
  expect(tries[1]).toContain('astro-retry=');
  await snackbar(page).getByRole('button', { name: 'Close' }).click();
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a listing island whose code never arrives says so when the time-out ends; the server-rendered listing stays', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('aurelle:island-timeout-ms', '1500'));
  await page.route(/\/_astro\/DiamondListing\.[^/]*\.js/, () => {});
  await page.goto('/diamonds');
  await expect(snackbar(page).getByRole('alert')).toHaveText('This part of the page could not load. Reload the page to try again.');
  await expect(snackbar(page).getByRole('button', { name: 'Reload' })).toBeVisible();
  const first = page.getByRole('list', { name: 'Diamond results' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await snackbar(page).getByRole('button', { name: 'Close' }).click();
  await first.click();
  await expect(page).toHaveURL(/\/diamonds\/\d+$/);
});

test('without the test knob the spec time-out holds: nothing is said before it ends', async ({ page }) => {
  await stopTime(page); // paused: only runFor moves the page's time, however long the load takes
  await page.route(/\/_astro\/DiamondListing\.[^/]*\.js/, () => {});
  await page.goto('/diamonds');
  await page.clock.runFor(119_000);
  await expect(snackbar(page)).toBeHidden();
  await page.clock.runFor(2_000);
  await expect(snackbar(page).getByRole('alert')).toHaveText('This part of the page could not load. Reload the page to try again.');
});

test('the reload action reloads the page', async ({ page }) => {
  await page.goto('/about-us');
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('show-snackbar', {
        detail: { message: 'This part of the page could not load. Reload the page to try again.', severity: 'error', action: 'reload' },
      }),
    ),
  );
  const reload = snackbar(page).getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBeUndefined();
  await expect(snackbar(page)).toBeHidden();
});
