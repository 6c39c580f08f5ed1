/**
 * Layout that holds at every width: the confirm dialog centred on the screen (and 400 px wide
 * on desktop), the desktop header from 768 px up without horizontal overflow or wrapped labels, and page 2
 * of a product listing opening at the top of its results. (The mobile "99+" badge: cart-remove.spec.ts.)
 */
import { expect, test, type Page } from '@playwright/test';
import { addToCart, hydrated, popup, stonesFor } from './cart-support.ts';

/** How far the box's centre is from the viewport's, in pixels (x and y). */
async function offCentre(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { dx: Math.abs(r.left + r.width / 2 - innerWidth / 2), dy: Math.abs(r.top + r.height / 2 - innerHeight / 2), width: r.width };
  });
}

test('the confirm dialog is centred on the screen, on the cart page and in the popup', async ({ page, isMobile }, testInfo) => {
  const [stone] = stonesFor(testInfo, 'layout dialog');
  await addToCart(page, { ids: [stone!.id] });
  await page.goto('/cart');
  await hydrated(page);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Remove (?!All)/ })
    .first()
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Item' });
  await expect(dialog).toBeVisible();
  const onCart = await offCentre(page, 'dialog[open]');
  expect(onCart.dx).toBeLessThanOrEqual(3);
  expect(onCart.dy).toBeLessThanOrEqual(3);
  if (!isMobile) expect(onCart.width).toBe(400);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => dispatchEvent(new Event('open-cart-popup')));
  await expect(popup(page)).toBeVisible();
  await popup(page).getByRole('button', { name: 'Remove All' }).click();
  const all = page.getByRole('alertdialog', { name: 'Remove All Items' });
  await expect(all).toBeVisible();
  const inPopup = await offCentre(page, 'dialog[open][role="alertdialog"]');
  expect(inPopup.dx).toBeLessThanOrEqual(3);
  expect(inPopup.dy).toBeLessThanOrEqual(3);
  if (!isMobile) expect(inPopup.width).toBe(400);
});

/** Every problem the desktop header shows at this width: overflow, boxes past the edges, labels on two lines. */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    const header = document.querySelector('[data-site-header]')!;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    /** The lines a label's text runs over: its text fragments' tops, those less than 8 px apart counted as one line. */
    const lines = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
      }
      tops.sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1]! >= 8).length;
    };
    const labelled = header.querySelectorAll(
      '[data-banner="desktop"] li, nav[aria-label="Main"] > ul > li > button, nav[aria-label="Main"] > ul > li > a, [data-main-band] a',
    );
    for (const el of labelled) {
      // The word mark is two lines by design (the name over its tagline).
      if (!visible(el) || el.getAttribute('href') === '/') continue;
      const r = el.getBoundingClientRect();
      const name = (el.textContent ?? el.getAttribute('aria-label') ?? '').trim() || el.getAttribute('aria-label') || el.tagName;
      if (r.left < 0 || r.right > innerWidth) problems.push(`${name} runs past the screen (${Math.round(r.left)} to ${Math.round(r.right)})`);
      if ((el.textContent ?? '').trim() && lines(el) > 1) problems.push(`${name} wraps onto ${lines(el)} lines`);
    }
    for (const band of header.querySelectorAll('nav[aria-label="Main"] > ul, [data-banner="desktop"] > ul')) {
      if (visible(band) && band.scrollWidth > band.clientWidth + 1) problems.push(`a band overflows (${band.scrollWidth} > ${band.clientWidth})`);
    }
    return problems;
  });
}

for (const width of [768, 820, 1024, 1100, 1280]) {
  test(`the desktop header fits at ${width} px: no overflow, no wrapped label @desktop`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // The specification's md rule: the desktop header from 768 px up.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('[data-drawer-open]')).toBeHidden();
    expect(await headerProblems(page)).toEqual([]);
    // Every menu root and the Book an Appointment pill are there and reachable by keyboard.
    const band = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Engagement Rings', 'Diamonds', 'Wedding Bands', 'Fine Jewellery', 'About'])
      await expect(band.getByRole('button', { name })).toBeVisible();
    // The pill from lg; below it the main band's Book an Appointment link (README "Header widths").
    await expect(page.locator('[data-site-header] a[href="/book-appointment"]:visible').first()).toBeVisible();
    if (width >= 1024) await expect(band.getByRole('link', { name: 'Book an Appointment' })).toBeVisible();
    await band.getByRole('button', { name: 'Engagement Rings' }).focus();
    await page.keyboard.press('Enter');
    await expect(band.getByRole('link', { name: 'Start with a diamond' })).toBeVisible();
    expect(await headerProblems(page)).toEqual([]);
  });
}

test('page 2 of a product listing opens at the top of its results', async ({ page }) => {
  await page.goto('/jewellery');
  await hydrated(page);
  const pager = page.getByRole('navigation', { name: 'Product result pages' });
  const firstOfPage1 = await page.locator('main article h2').first().innerText();
  await pager.getByRole('link', { name: 'Page 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/jewellery\?page=2$/);
  const first = page.locator('main article').first();
  await expect(first.locator('h2')).not.toHaveText(firstOfPage1);
  await expect(first).toBeInViewport();
  // The results start just below the fixed header (as far as the page can scroll): their count line shows.
  const count = page.getByRole('status').filter({ hasText: 'pieces' });
  await expect(count).toBeInViewport();
  const { top, headerBottom } = await page.evaluate(() => ({
    top: [...document.querySelectorAll('main [role="status"]')].find((e) => e.textContent?.includes('pieces'))!.getBoundingClientRect().top,
    headerBottom: document.querySelector('[data-site-header]')!.getBoundingClientRect().bottom,
  }));
  expect(top).toBeGreaterThanOrEqual(headerBottom);
  await expect(pager).not.toBeInViewport();
});
