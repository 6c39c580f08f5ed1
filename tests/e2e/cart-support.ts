/** What the cart and wishlist journeys share: stones of their own, adding through the API, recorded window events. */
import SQLite from 'better-sqlite3';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { plainProducts, seededDiamonds, settings } from '../support/catalog-fixtures.ts';
import { readE2eState } from '../support/e2e-state.ts';

const available = seededDiamonds(3000).filter((d) => d.available);
export const band = plainProducts[0]!;
export const setting = settings[0]!;

/**
 * Every e2e test's own stones (cart, wishlist, checkout, build-your-own, the diamond page), named in one
 * table and laid out one after another in its order, so that no two tests share a stone by construction.
 * The desktop and mobile projects share one server and run in parallel: the mobile project's stones
 * start at 1100.
 */
const SHARES = {
  'cart-popup hover': 1,
  'cart-popup groups': 2,
  'remove all': 1,
  'remove item': 1,
  'failed removal': 1,
  'sold overlay': 1,
  'badge 99+': 100,
  'cart page': 1,
  'other tab': 1,
  'no javascript': 1,
  'wishlist page': 2,
  'wishlist tabs': 2,
  'checkout order': 1,
  'checkout sold meanwhile': 1,
  'diamond page': 40,
  'build your own': 330,
  'detail forms': 4,
  pictures: 20,
  'diamond tools': 8,
  'diamond first': 6,
  'ring size': 2,
  'layout dialog': 1,
  'tax purchase': 1,
  holds: 2,
  'holds compare': 2,
  'holds listing': 1,
  'holds hint': 20,
} as const;
const PROJECT_STONES = 1100;

export function stonesFor(testInfo: Pick<TestInfo, 'project'>, share: keyof typeof SHARES) {
  const names = Object.keys(SHARES) as (keyof typeof SHARES)[];
  const from = names.slice(0, names.indexOf(share)).reduce((n, name) => n + SHARES[name], 0);
  const base = (testInfo.project.name === 'mobile' ? PROJECT_STONES : 0) + from;
  return available.slice(base, base + SHARES[share]);
}

export async function addToCart(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/checkout/cart/add', { data: { quantity: 1, is_byo: false, ...body } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

export const addBand = (page: Page) => addToCart(page, { ids: [band.id], selected_configurable_option: band.variants[0]!.id, selected_size: '7' });
export const addPair = (page: Page, stoneId: number) =>
  addToCart(page, { ids: [setting.id, stoneId], is_byo: true, selected_configurable_option: setting.variants[0]!.id, selected_size: '7' });

/**
 * Every island on the page has hydrated (Astro drops the `ssr` attribute then), but the cart popup,
 * which waits for a shopper to reach for the cart (`client:cart`) and is there to be woken.
 */
export async function hydrated(page: Page) {
  // Every island but the cart popup, which hydrates when a shopper first reaches for the cart.
  await expect(page.locator('astro-island[ssr]:not([client="cart"])')).toHaveCount(0);
  await expect(page.locator('astro-island[client="cart"]')).toHaveCount(1);
}

/** Records `show-snackbar`, `enable-add` and `open-cart-popup` events from the page's first script on. */
export async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const log: { type: string; detail: unknown }[] = [];
    (window as unknown as { __events: typeof log }).__events = log;
    for (const type of ['show-snackbar', 'enable-add']) addEventListener(type, (e) => log.push({ type, detail: (e as CustomEvent).detail }));
  });
}

export const events = (page: Page, type: string) =>
  page.evaluate((t) => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type === t).map((e) => e.detail), type);

/** Changes the e2e server's database directly (SQLite file), as the back office would. */
export function setDiamondStatus(id: number, status: 'available' | 'sold' | 'reserved') {
  const db = new SQLite(readE2eState().databaseUrl);
  try {
    db.prepare('update diamonds set status = ? where id = ?').run(status, id);
  } finally {
    db.close();
  }
}

/** The cart link the shopper sees (headers may carry one for mobile and one for desktop). */
export const cartLink = (page: Page) => page.locator('[data-cart-link]:visible').first();
export const popup = (page: Page) => page.locator('#cart-popup');
/**
 * Fires `open-cart-popup` and waits for the cart read the popup makes on it: a test that then changes the
 * cart behind the page's back must not race that read (its answer would arrive after the change).
 */
export async function openCartPopup(page: Page) {
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout/cart' && r.request().method() === 'GET');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('open-cart-popup')));
  await read;
}
