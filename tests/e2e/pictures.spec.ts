/** galleries in every metal, cards that follow the metal filter, the ring you built as one, diamonds to scale. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { addPair, hydrated, setting, stonesFor } from './cart-support.ts';
import { fits, product } from '../support/catalog-fixtures.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { SEED } from '~/server/db/seed/seed.ts';

const halo = product('Pavé Halo Setting');
const cathedral = product('Cathedral Solitaire');

test('a product page has a labelled gallery of three views; arrows move, a click zooms, Escape closes, a swatch switches every view', async ({ page }) => {
  await page.goto(`/products/${halo.id}?metal=14k_white_gold`);
  const gallery = page.getByRole('region', { name: `Pictures of the ${halo.name}` });
  const main = gallery.locator('[data-gallery-main]');
  await expect(main).toHaveAttribute('src', `/images/jewellery/pave-halo--14k_white_gold--angled.svg`);
  await expect(main).toHaveAttribute('alt', 'Pavé halo setting in 14K White Gold, angled three-quarter view, holding a round diamond');
  const thumbs = gallery.getByRole('link', { name: /^Show the/ });
  await expect(thumbs).toHaveCount(3);
  await thumbs.nth(1).click();
  await expect(main).toHaveAttribute('src', /--front\.svg$/);
  await main.focus();
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAttribute('src', /--profile\.svg$/);
  await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAttribute('src', /--angled\.svg$/);

  await main.click();
  const zoom = page.getByRole('dialog', { name: 'Zoomed picture' });
  await expect(zoom).toBeVisible();
  await expect(zoom.locator('img')).toHaveAttribute('src', /--angled\.svg$/);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expectNoAxeViolations(page);

  await page.getByRole('group', { name: /Metal/ }).getByRole('link', { name: '18K Rose Gold' }).click();
  await expect(page).toHaveURL(/metal=18k_rose_gold/);
  for (const src of await gallery.locator('[data-gallery-thumb]').evaluateAll((as) => as.map((a) => a.getAttribute('data-src'))))
    expect(src).toMatch(/^\/images\/jewellery\/pave-halo--18k_rose_gold--(angled|front|profile)\.svg$/);
  await expect(main).toHaveAttribute('alt', /in 18K Rose Gold/);
  const res = await page.request.get(`/images/jewellery/pave-halo--18k_rose_gold--front.svg`);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers()['etag']).toBeTruthy();
});

test('listing cards show the metal of the filter, and a swatch focused or hovered switches the picture', async ({ page }) => {
  await page.goto('/engagement-rings?pf_metal=18k_rose_gold');
  await hydrated(page);
  const cards = page.getByRole('main').getByRole('article');
  const first = cards.first().locator('[data-card-image]');
  await expect(first).toHaveAttribute('src', /--18k_rose_gold--angled\.svg$/);
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(cards.nth(1).locator('[data-card-image]')).toHaveAttribute('loading', 'lazy');
  await expect(cards.nth(1).locator('[data-card-image]')).toHaveAttribute('alt', /in 18K Rose Gold, angled three-quarter view/);
  // Different settings are drawn differently.
  const srcs = await cards.locator('[data-card-image]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(new Set(srcs).size).toBe(srcs.length);

  const card = cards.first();
  await card.getByRole('button', { name: 'Platinum' }).focus();
  await expect(first).toHaveAttribute('src', /--platinum--angled\.svg$/);
  await card.getByRole('button', { name: 'Platinum' }).blur();
  await expect(first).toHaveAttribute('src', /--18k_rose_gold--angled\.svg$/);

  await page.goto('/engagement-rings');
  await hydrated(page);
  await expect(page.getByRole('main').getByRole('article').first().locator('[data-card-image]')).toHaveAttribute('src', /--14k_white_gold--angled\.svg$/);
  await expectNoAxeViolations(page);
});

test('the summary of a build shows the setting holding the chosen stone, in its metal and shape', async ({ page }, info) => {
  const stone = stonesFor(info, 'pictures').find((s) => s.shape !== 'round' && fits(cathedral)(s))!;
  expect(stone).toBeTruthy();
  const variant = cathedral.variants.find((v) => v.metal === '14k_yellow_gold') ?? cathedral.variants[0]!;
  await page.goto(`/build-your-own/summary?setting=${cathedral.id}&variant=${variant.id}&diamond=${stone.id}`);
  const composite = page.getByTestId('byo-composite');
  const main = composite.locator('[data-gallery-main]');
  await expect(main).toHaveAttribute(
    'src',
    new RegExp(`^/images/jewellery/cathedral-solitaire--${variant.metal}--angled--${stone.shape}-\\d{3,4}x\\d{3,4}\\.svg$`),
  );
  await expect(main).toHaveAttribute('alt', new RegExp(`holding your ${stone.shape} diamond`));
  expect((await page.request.get((await main.getAttribute('src'))!)).status()).toBe(200);
  // The setting's page with the stone chosen shows the same ring.
  await page.goto(`/build-your-own/products/${cathedral.id}?diamond=${stone.id}&metal=${variant.metal}`);
  await expect(page.getByRole('region', { name: /with your diamond/ }).locator('[data-gallery-main]')).toHaveAttribute(
    'src',
    new RegExp(`--${stone.shape}-\\d+x\\d+\\.svg$`),
  );
  // And the diamond's page with the setting chosen.
  await page.goto(`/build-your-own/diamonds/${stone.id}?setting=${cathedral.id}&variant=${variant.id}`);
  await expect(page.getByRole('region', { name: 'Your ring with this diamond' }).locator('[data-gallery-main]')).toHaveAttribute(
    'src',
    new RegExp(`^/images/jewellery/cathedral-solitaire--${variant.metal}--angled--${stone.shape}-`),
  );
  await expectNoAxeViolations(page);
});

test('the cart line of a pair shows the setting holding its stone', async ({ page }, info) => {
  const stone = stonesFor(info, 'pictures').find((s) => s.shape !== 'round' && fits(setting)(s))!;
  await addPair(page, stone.id);
  await page.goto('/cart');
  const line = page.getByRole('main').locator('img[src*="/images/jewellery/"]').first();
  await expect(line).toHaveAttribute('src', new RegExp(`--${stone.shape}-\\d{3,4}x\\d{3,4}\\.svg$`));
});

test('a diamond is shown to scale: a 0.5 ct and a 3 ct stone differ in size as their millimetres do', async ({ page }) => {
  const rng = createRng(SEED);
  const stones = Array.from({ length: 3000 }, (_, i) => generateDiamond(rng, i, PRODUCTS.length + 1 + i, '2026-01-01T00:00:00.000Z')).filter(
    (d) => d.shape === 'round' && !d.is_hidden,
  );
  const near = (ct: number) => stones.reduce((a, b) => (Math.abs(b.carat - ct) < Math.abs(a.carat - ct) ? b : a));
  const sizes: { mm: number; actual: number; drawn: number }[] = [];
  for (const d of [near(0.5), near(3)]) {
    await page.goto(`/diamonds/${d.id}`);
    const scale = page.getByTestId('diamond-scale');
    await expect(scale).toContainText(`${d.length_mm.toFixed(2)} × ${d.width_mm.toFixed(2)} mm`);
    await expect(scale).toContainText('Screens differ');
    const actual = (await scale.getByTestId('actual-size-stone').boundingBox())!;
    const drawn = (await scale.getByTestId('scale-stone').boundingBox())!;
    // CSS millimetres: 96 px per inch.
    expect(Math.abs(actual.height - (d.length_mm / 0.88) * (96 / 25.4))).toBeLessThan(1.5);
    sizes.push({ mm: d.length_mm, actual: actual.height, drawn: drawn.height });
  }
  const [small, big] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
  expect(big.mm / small.mm).toBeGreaterThan(1.6);
  expect(big.actual / small.actual).toBeCloseTo(big.mm / small.mm, 1);
  expect(big.drawn / small.drawn).toBeCloseTo(big.mm / small.mm, 1);
  await expectNoAxeViolations(page);
});
