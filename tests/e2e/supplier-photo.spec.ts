/**
 * The supplier's photograph on the diamond page (issue 32): a stone imported with a `Diamond Image` on a
 * stand-in supplier host (tests/support/media-stand-in.ts) shows that photograph, loaded from the shop's
 * own address: the browser asks nothing of the supplier's host and the Content-Security-Policy refuses
 * nothing. Screenshots of the page at 1280 (desktop) and 390 (mobile) px.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN, feedRow, toCsv } from '../support/admin.ts';
import { startMediaStandIn, type MediaStandIn } from '../support/media-stand-in.ts';

const SOURCE = 'e2e-supplier-photo';
let media: MediaStandIn;

test.beforeAll(async () => {
  media = await startMediaStandIn();
  media.photo('oval'); // rendered before the shop asks for it
});

test.afterAll(async ({ request }) => {
  // Delist the imported stones again (a header-only file with replace), so other specs see the seed alone.
  await request.post(`/api/admin/diamonds/import?source=${SOURCE}&replace=true`, {
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}` },
    data: `${Object.keys(feedRow('x', 'x')).join(',')}\n`,
  });
  await media?.close();
});

test("the diamond page shows the supplier's photograph, served from the shop's own address", async ({ page, request }, testInfo) => {
  const project = testInfo.project.name.toUpperCase();
  const certificate = `SUPPH${project}`;
  const file = toCsv([
    feedRow(`SUPPH-${project}`, certificate, {
      Shape: 'Oval',
      Size: '1.52',
      Color: 'F',
      Clarity: 'VS1',
      'Cut Grade': '',
      Polish: 'EX',
      Symmetry: 'EX',
      Measurements: '9.12 x 6.31 x 3.95',
      'Depth %': '62.6',
      'Table %': '58',
      'Price/Ct': '11840',
      Availability: 'M',
      'Diamond Image': `${media.url}/stones/${certificate}-oval.png`,
    }),
  ]);
  const res = await request.post(`/api/admin/diamonds/import?source=${SOURCE}`, {
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${ADMIN_TOKEN}` },
    data: file,
  });
  expect(await res.json()).toMatchObject({ inserted: 1, rejected: 0 });
  const stone = await (await request.get(`/catalog/api/diamonds/${certificate}`)).json();

  const foreign: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).origin !== new URL(page.url() || r.url()).origin && foreign.push(r.url())));
  page.on('console', (m) => void (/Content.Security.Policy/i.test(m.text()) && refused.push(m.text())));
  await page.goto(stone.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('1.52 Carat Oval Diamond');
  const photo = page.getByRole('img', { name: 'Photograph of this 1.52 carat oval diamond' });
  await expect(photo).toHaveAttribute('src', `/media/diamonds/${stone.id}/photo`);
  // The photograph itself, not the drawing standing in for it while the shop fetches it (a PNG of 800 px,
  // where the drawing is an SVG of 150): on a busy machine the first view may still show the drawing.
  await expect(async () => {
    await page.reload();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 3000 }).toBe(800);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('The actual diamond, photographed by our supplier')).toBeVisible();
  await expect(page.getByText('cut not graded · F colour · VS1 clarity')).toBeVisible();
  await expect(page.getByTestId('diamond-availability')).toHaveText('Subject to availability: confirmed within one business day');
  expect(foreign.filter((u) => u.startsWith(media.url))).toEqual([]);
  expect(refused).toEqual([]);
  await photo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`diamond-supplier-photo-${testInfo.project.name}.png`) });
  await page.screenshot({ path: `var/screenshots/diamond-supplier-photo-${page.viewportSize()!.width}.png` });
});
