/** What the account journeys share: the e2e server's mailbox and database, and waiting for islands. */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { readE2eState } from '../support/e2e-state.ts';

export { linkIn, waitForMail } from '../support/mailbox.ts';
export { seedCustomer, seedOrder, uniqueEmail } from '../support/accounts.ts';

/** The e2e server's URL, database and mailbox folder. */
export const e2e = readE2eState;

/** Every island on the page has hydrated (Astro drops the `ssr` attribute then), but the cart popup (`client:cart`). */
export async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr]:not([client="cart"])')).toHaveCount(0);
}

/** Signs the browser in with a session seeded in the database (no scrypt, no login form). */
export async function signInAs(context: BrowserContext, token: string) {
  await context.addCookies([{ name: 'aurelle_session', value: token, url: e2e().url, httpOnly: true, sameSite: 'Lax' }]);
}

/** The path and query of an e-mailed link, to open on the test server. */
export const pathOf = (url: URL) => url.pathname + url.search;
