/** Build your own: both orders of the flow, narrowing, the shared link, reload survival, a stone sold mid-build, cart and wishlist. */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { hydrated, popup, setDiamondStatus, stonesFor } from './cart-support.ts';
import { fits, product, settings } from '../support/catalog-fixtures.ts';
const cathedral = product('Cathedral Solitaire'); // round, oval, cushion or princess; 0.5 to 4 ct
const heartHalo = product('Heart Halo Setting'); // heart or pear; 0.5 to 2 ct
// This spec's own stones, one share per project (tests/e2e/cart-support.ts).
const stones = (info: TestInfo) => stonesFor(info, 'build your own');
const summary = (s: { id: number; variants: { id: number }[] }, stoneId: number, extra = '') =>
  `/build-your-own/summary?setting=${s.id}&variant=${s.variants[0]!.id}&diamond=${stoneId}${extra}`;
const bar = (page: Page) => page.getByRole('navigation', { name: 'Build your own ring' });

test('setting first: the diamonds narrow to the setting, then the pair goes to the cart as one line', async ({ page }) => {
  await page.goto(`/build-your-own/products/${cathedral.id}`);
  await expect(bar(page).getByTestId('byo-step-setting')).toContainText('Choose a setting');
  await page.getByRole('link', { name: 'Choose this setting' }).click();
  await expect(page).toHaveURL(new RegExp(`/diamonds\\?setting=${cathedral.id}&variant=\\d+$`));
  await expect(page.getByTestId('byo-narrowed')).toContainText('0.5–4 ct, round, oval, cushion or princess');
  await expect(bar(page).getByTestId('byo-step-setting')).toContainText(cathedral.name);
  const cards = page.getByRole('list', { name: 'Diamond results' }).getByRole('link');
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/ct (Round|Oval|Cushion|Princess)/);
  // Only the shapes the setting holds are offered (the panel is folded away on mobile: count the inputs).
  await expect(page.locator('input[name="df_shape"]')).toHaveCount(4);

  await cards.first().click();
  await expect(page).toHaveURL(/\/build-your-own\/diamonds\/\d+\?setting=/);
  const stoneName = await page.getByRole('heading', { level: 1 }).innerText();
  await page.getByRole('link', { name: 'Choose this diamond' }).click();
  await expect(page).toHaveURL(/\/build-your-own\/summary\?setting=\d+&variant=\d+&diamond=\d+$/);
  await hydrated(page);
  await expect(page.getByTestId('byo-setting')).toContainText(cathedral.name);
  await expect(page.getByTestId('byo-diamond')).toContainText(stoneName);
  await expect(page.getByTestId('byo-diamond')).toContainText('Clarity');

  await page.getByRole('button', { name: 'Add ring to cart' }).click();
  await expect(page.getByTestId('byo-error')).toHaveText('Choose a ring size, or enter a custom size');
  await page.getByLabel('Standard size').selectOption('6.5');
  await page.getByRole('button', { name: 'Add ring to cart' }).click();
  await expect(popup(page).locator('li[data-byo-group]')).toContainText(cathedral.name);
  await page.goto('/cart');
  const line = page.locator('main li[data-byo-group]');
  await expect(line.locator('[data-line-card]')).toHaveCount(2);
  await expect(line).toContainText(stoneName);
  await expect(line).toContainText('Size 6.5');
});

test('diamond first: only the settings that hold it, then the pair goes to the wishlist with a custom size', async ({ page }, testInfo) => {
  const pear = stones(testInfo).find((d) => d.shape === 'pear' && fits(heartHalo)(d))!;
  await page.goto(`/build-your-own/diamonds/${pear.id}`);
  await page.getByRole('link', { name: 'Choose this diamond' }).click();
  // Chosen with no setting yet, the build is diamond first from here on (start=diamond).
  await expect(page).toHaveURL(`/engagement-rings?diamond=${pear.id}&start=diamond`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pear diamond');
  const expected = settings
    .filter((s) => fits(s)(pear))
    .map((s) => s.name)
    .sort();
  const names = (await page.locator('main article h2').allInnerTexts()).sort();
  expect(names).toEqual(expected);
  expect(names).not.toContain(cathedral.name);

  await page.locator('main article').filter({ hasText: heartHalo.name }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/build-your-own/products/${heartHalo.id}\\?metal=.+&diamond=${pear.id}`));
  await expect(bar(page).getByTestId('byo-step-diamond')).toContainText('Pear');
  await page.getByRole('link', { name: 'Choose this setting' }).click();
  await expect(page).toHaveURL(new RegExp(`/build-your-own/summary\\?setting=${heartHalo.id}&variant=\\d+&diamond=${pear.id}&start=diamond$`));
  await hydrated(page);
  await page.getByLabel('Or a custom size').fill('7 1/4');
  await page.getByRole('button', { name: 'Add ring to wishlist' }).click();
  await expect(page.locator('[data-count-badge="wishlist"]').first()).toHaveText('1');
  await page.goto('/wishlist');
  const entry = page.locator('main li[data-byo-id]');
  await expect(entry).toContainText(heartHalo.name);
  await expect(entry).toContainText('Pear');
  await expect(entry).toContainText('Custom size 7.25');
});

test('a shared link opens the same build, and the build survives a reload and bare URLs', async ({ page, browser }, testInfo) => {
  const stone = stones(testInfo).filter(fits(cathedral))[20]!;
  const link = summary(cathedral, stone.id, '&size=8');
  await page.goto(link);
  const total = await page.getByTestId('byo-summary-total').innerText();
  const other = await browser.newContext();
  const shared = await other.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId('byo-setting')).toContainText(cathedral.name);
  await expect(shared.getByTestId('byo-summary-total')).toHaveText(total);
  await expect(shared.getByLabel('Standard size')).toHaveValue('8');
  await other.close();

  await page.reload();
  await expect(page.getByTestId('byo-summary-total')).toHaveText(total);
  await page.goto('/build-your-own/summary');
  await expect(page).toHaveURL(new RegExp(`setting=${cathedral.id}&variant=\\d+&diamond=${stone.id}&size=8`));
  await expect(page.getByTestId('byo-summary-total')).toHaveText(total);
  await page.goto(`/build-your-own/diamonds/${stone.id}`);
  await expect(bar(page).getByTestId('byo-step-setting')).toContainText(cathedral.name);
});

test('a diamond sold mid-build: adding says so in words, and the summary offers another keeping the setting', async ({ page }, testInfo) => {
  const stone = stones(testInfo).filter(fits(cathedral))[30]!;
  await page.goto(summary(cathedral, stone.id, '&size=7'));
  await hydrated(page);
  setDiamondStatus(stone.id, 'sold');
  await page.getByRole('button', { name: 'Add ring to cart' }).click();
  await expect(page.getByTestId('byo-error')).toContainText('is no longer available');
  await page.reload();
  await expect(page.getByTestId('byo-gone')).toContainText('The diamond you chose has been sold. Your setting is kept');
  await expect(page.getByRole('button', { name: 'Add ring to cart' })).toHaveCount(0);
  await page.getByTestId('byo-gone').getByRole('link', { name: 'Choose another diamond' }).click();
  await expect(page).toHaveURL(new RegExp(`/diamonds\\?setting=${cathedral.id}&variant=\\d+&size=7$`));
  await expect(bar(page).getByTestId('byo-step-setting')).toContainText(cathedral.name);
  await expect(bar(page).getByTestId('byo-step-diamond')).toContainText('Choose a diamond');
});

test('a pair that does not fit is explained, not offered', async ({ page }, testInfo) => {
  const pear = stones(testInfo).find((d) => d.shape === 'pear')!;
  await page.goto(summary(cathedral, pear.id));
  await expect(page.getByTestId('byo-mismatch')).toContainText('This setting does not hold pear diamonds');
  await expect(page.getByRole('button', { name: 'Add ring to cart' })).toHaveCount(0);
  await page.goto(`/build-your-own/diamonds/${pear.id}?setting=${cathedral.id}`);
  await expect(page.getByTestId('byo-misfit')).toContainText('This setting does not hold pear diamonds');
});

test('the three steps have no accessibility violations', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const stone = stones(testInfo).filter(fits(cathedral))[40]!;
  const variant = cathedral.variants[0]!.id;
  await page.goto(`/build-your-own/products/${cathedral.id}?diamond=${stone.id}`);
  await expect(bar(page).getByTestId('byo-step-diamond')).toContainText('Change diamond');
  await expectNoAxeViolations(page);
  await page.goto(`/build-your-own/diamonds/${stone.id}?setting=${cathedral.id}&variant=${variant}`);
  await expect(bar(page).getByTestId('byo-step-setting')).toContainText(cathedral.name);
  await expectNoAxeViolations(page);
  await page.goto(summary(cathedral, stone.id, '&size=6'));
  await hydrated(page);
  await expectNoAxeViolations(page);
});
