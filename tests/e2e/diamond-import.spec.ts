/**
 * A jeweller's stock file imported over HTTP into the running shop: the new stones appear on the
 * diamond listing without a restart. The filter (heart, D, FL, Fair cut) is one the deterministic seed
 * almost never fills; the seed's own matches are counted from the generator, so the expectation is exact.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN, feedRow, toCsv } from '../support/admin.ts';
import { generateDiamond } from '~/server/db/seed/diamonds.ts';
import { createRng } from '~/server/db/seed/random.ts';
import { SEED } from '~/server/db/seed/seed.ts';
import { PRODUCTS } from '~/server/db/seed/catalog.ts';

const seeded = (() => {
  const rng = createRng(SEED);
  return Array.from({ length: 3000 }, (_, i) => generateDiamond(rng, i, PRODUCTS.length + 1 + i, 'x'));
})().filter((s) => s.shape === 'heart' && s.color === 'D' && s.clarity === 'FL' && s.cut === 'Fair' && s.status === 'available' && !s.is_hidden);

const LISTING = '/diamonds/heart?df_color=D&df_clarity=FL&df_cut=Fair';
const SOURCE = 'e2e-feed';
const grades = { Shape: 'HS', Color: 'D', Clarity: 'FL', 'Cut Grade': 'F', Measurements: '7.10 x 7.40 x 4.40' };
const file = toCsv(['1.11', '1.22', '1.33'].map((size, i) => feedRow(`E2E-${i}`, `E2EHEART${i}`, { ...grades, Size: size })));

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  // Delist the imported stones again (a header-only file with replace), so other specs see the seed alone.
  await request.post(`/api/admin/diamonds/import?source=${SOURCE}&replace=true`, {
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}` },
    data: file.slice(0, file.indexOf('\n') + 1),
  });
});

test('a stock file imported over HTTP shows its stones on the listing page, without a restart @desktop', async ({ page, request }) => {
  const cards = page.getByRole('list', { name: 'Diamond results' }).getByRole('link');
  await page.goto(LISTING);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Heart Diamonds');
  await expect(cards).toHaveCount(seeded.length);

  const res = await request.post(`/api/admin/diamonds/import?source=${SOURCE}`, {
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}` },
    data: file,
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ read: 3, inserted: 3, rejected: 0 });

  await expect(async () => {
    await page.goto(LISTING);
    await expect(cards).toHaveCount(seeded.length + 3, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const texts = await cards.allInnerTexts();
  for (const carat of ['1.11', '1.22', '1.33']) expect(texts.some((t) => t.startsWith(`${carat} ct Heart`))).toBe(true);
});
