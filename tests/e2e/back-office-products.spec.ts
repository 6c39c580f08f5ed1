import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { readE2eState } from '../support/e2e-state.ts';
import { closeTestDbs, testDb, uniqueEmail } from '../support/accounts.ts';
import { addStaff } from '../support/staff.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { uniqueName } from '../support/unique.ts';
import { checkAdminScreen, staffSignIn } from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.afterAll(closeTestDbs);

/** A necklace of this test's own, imported as an operator imports the shop's catalogue (Shopify CSV). */
async function importNecklace(name: string): Promise<number> {
  const { url, databaseUrl } = readE2eState();
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  // A SKU holds 64 characters: the handle's unique tail.
  const sku = `SP-${handle.slice(-30).toUpperCase()}`;
  const csv =
    'Handle,Title,Body (HTML),Type,Tags,Option1 Name,Option1 Value,Variant SKU,Variant Price\n' +
    `${handle},${name},<p>A solitaire on a fine chain.</p>,Necklaces,style:solitaire,Metal,14K White Gold,${sku}-WG,890\n` +
    `${handle},,,,,,Platinum,${sku}-PT,1290\n`;
  const res = await fetch(`${url}/api/admin/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const summary = await res.json();
  expect(summary.inserted, JSON.stringify(summary.rejections)).toBe(1);
  const db = await testDb(databaseUrl);
  return Number((await db.selectFrom('products').select('id').where('slug', '=', handle).executeTakeFirstOrThrow()).id);
}

test('an editor made by the CLI finds a product, renames it, uploads a photo, and the product page shows both', async ({ page }, testInfo) => {
  const { databaseUrl } = readE2eState();
  const editor = await addStaff(databaseUrl, uniqueEmail('editor'), 'editor', 'editor-password-1');
  const name = uniqueName('Solitaire Pendant');
  const id = await importNecklace(name);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f3ede2' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="480"><circle cx="320" cy="240" r="150" fill="#d4af37"/><circle cx="320" cy="240" r="60" fill="#e8f1f8"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

  await page.goto('/admin/login');
  await staffSignIn(page, editor.email, editor.password);
  await expect(page).toHaveURL(/\/admin$/);
  const menu = page.getByRole('navigation', { name: 'Back office' });
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByLabel('Name, handle or SKU').fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 product found')).toBeVisible();
  await checkAdminScreen(page, testInfo, 'products');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // An editor sees the prices and cannot change them.
  await expect(page.getByText('Prices are changed by an owner or a manager.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Price of/ })).toHaveCount(0);

  const renamed = `${name} in Platinum`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status')).toHaveText('The product has been saved. The shop shows it now.');
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();

  await page.getByLabel('New photo').setInputFiles({ name: 'pendant.png', mimeType: 'image/png', buffer: photo });
  await page.getByLabel('Description of the photo (optional)').fill('The pendant on its chain');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByRole('status')).toHaveText('The photo has been added. The shop shows it now.');
  await expect(page.locator('[data-photos] li')).toHaveCount(1);
  await expect(page.locator('[data-photos] img')).toHaveAttribute('alt', 'The pendant on its chain');
  await checkAdminScreen(page, testInfo, 'product');

  // A photo that is not a picture is refused beside the field.
  await page.getByLabel('New photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.locator('#photo-help')).toHaveText('This file is not a JPEG, PNG or WebP picture');
  await expect(page.getByLabel('New photo')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('link', { name: 'See it in the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  const shown = page.getByRole('img', { name: 'The pendant on its chain' }).first();
  await expect(shown).toBeVisible();
  // The photograph itself, loaded from the shop's photo store (the browser picks AVIF, WebP or JPEG).
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/photos\/[0-9a-f]{32}\/\d+\.(avif|webp|jpg)$/);
});
