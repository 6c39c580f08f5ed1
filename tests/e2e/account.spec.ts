import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { e2e, hydrated, linkIn, pathOf, seedCustomer, seedOrder, signInAs, uniqueEmail, waitForMail } from './account-support.ts';

// Every sign-up, sign-in and new password costs a deliberate ~0.5 s of scrypt (more on a busy machine).
const afterHashing = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 60_000 });

test('signs up, lands on the profile, and confirms the e-mail address through the link', async ({ page }) => {
  const email = uniqueEmail('e2e-signup');
  await page.goto('/customer');
  await expectNoAxeViolations(page);
  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Create an account' }) });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel(/^Password/).fill('a long passphrase');
  await form.getByLabel('Confirm password').fill('a long passphrase');
  await form.getByRole('button', { name: 'Create account' }).click();
  await afterHashing(page).toHaveURL(/\/customer\/account\/profile\?notice=welcome$/);
  await expect(page.getByRole('status').first()).toContainText('Welcome!');
  await expect(page.getByText('Signed in as Grace Hopper')).toBeVisible();
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toBeVisible();

  const mail = await waitForMail(e2e().mailDir, email, /Confirm your e-mail/);
  await page.goto(pathOf(linkIn(mail, '/customer')));
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your e-mail address is confirmed.');
  await expectNoAxeViolations(page);
  await page.goto('/customer/account/profile');
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toHaveCount(0);
});

test('sends a guest to sign in and back, then lists the orders and shows one', async ({ page }) => {
  const { databaseUrl } = e2e();
  const c = await seedCustomer(databaseUrl, { first_name: 'Ada' });
  const order = await seedOrder(databaseUrl, c.id, { status: 'pending_payment' });
  await seedOrder(databaseUrl, c.id, { status: 'completed', createdAt: '2024-05-01T10:00:00.000Z' });

  await page.goto('/customer/account/orders');
  await expect(page).toHaveURL(/\/customer\?redirect=%2Fcustomer%2Faccount%2Forders$/);
  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in' }) });
  await form.getByLabel('E-mail address').fill(c.email);
  await form.getByLabel('Password').fill('wrong password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await afterHashing(form.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await form.getByLabel('Password').fill(c.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await afterHashing(page).toHaveURL(/\/customer\/account\/orders$/);

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`#${order.increment_id}`);
  await expect(rows.nth(1)).toContainText('Pending payment');
  await expect(rows.nth(1)).toContainText('$2,274.98');
  await expect(rows.nth(2)).toContainText('Completed');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: `#${order.increment_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/account/orders/view/${order.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.increment_id}`);
  const items = page.getByRole('region', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Classic Six-Prong Solitaire');
  await expect(items.first()).toContainText('$1,250.00');
  await expect(items.nth(1)).toContainText('Qty 2');
  await expect(page.getByText('Subtotal')).toBeVisible();
  // The payment method by its title, as the success page names it, never its code.
  await expect(page.locator('dt', { hasText: 'Payment method' }).locator('+ dd')).toHaveText('Credit or debit card');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-payment\\?order=${order.id}&token=`));
});

test('resets a forgotten password through the e-mailed link', async ({ page }) => {
  const { databaseUrl, mailDir } = e2e();
  const c = await seedCustomer(databaseUrl);
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/customer\/forgot-password$/);
  await expectNoAxeViolations(page);
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(c.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this e-mail address');

  const link = linkIn(await waitForMail(mailDir, c.email, /Reset your/), '/customer/reset-password/');
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(page.getByLabel('E-mail address')).toHaveValue(c.email);
  await expectNoAxeViolations(page);
  await hydrated(page);
  await page.getByLabel(/^New password/).fill('my new secret');
  await page.getByLabel('Confirm new password').fill('my new secret');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await afterHashing(page).toHaveURL(/\/customer\?notice=password-saved$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been saved. You can now sign in with it.');

  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in' }) });
  await form.getByLabel('E-mail address').fill(c.email);
  await form.getByLabel('Password').fill('my new secret');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await afterHashing(page).toHaveURL(/\/customer\/account\/profile$/);

  // The link worked once.
  await page.goto(pathOf(link));
  await hydrated(page);
  await page.getByLabel(/^New password/).fill('another secret');
  await page.getByLabel('Confirm new password').fill('another secret');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
});

test('lets an account made at guest checkout set its password (first-time login)', async ({ page }) => {
  const { databaseUrl, mailDir } = e2e();
  const c = await seedCustomer(databaseUrl, { password: null, first_name: 'Guest' });
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Set a password for your account' }).click();
  await expect(page).toHaveURL(/\/customer\/first-time-login$/);
  await expectNoAxeViolations(page);
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(c.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists');

  const link = linkIn(await waitForMail(mailDir, c.email, /Set the password/), '/customer/first-time-login');
  await page.goto(pathOf(link));
  await expect(page.getByLabel('E-mail address')).toHaveValue(c.email);
  await expectNoAxeViolations(page);
  await hydrated(page);
  await page.getByLabel(/^New password/).fill('first password');
  await page.getByLabel('Confirm new password').fill('first password');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await afterHashing(page).toHaveURL(/\/customer\?notice=password-saved$/);

  await hydrated(page);
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in' }) });
  await form.getByLabel('E-mail address').fill(c.email);
  await form.getByLabel('Password').fill('first password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await afterHashing(page.getByText('Signed in as Guest Lovelace')).toBeVisible();
  // Setting the password through the e-mail proved the address.
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toHaveCount(0);
});

test('edits the profile and the address book', async ({ page, context }) => {
  const c = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, c.token);
  await page.goto('/customer/account/profile');
  await expectNoAxeViolations(page);
  await hydrated(page);
  const profile = page.locator('form', { has: page.getByRole('heading', { name: 'Your details' }) });
  await profile.getByLabel('Last name').fill('King');
  await profile.getByLabel('Phone').fill('+44 20 7946 0000');
  await profile.getByLabel('Gender').selectOption('Female');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile has been saved.');
  await page.reload();
  await expect(page.getByText('Signed in as Ada King')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');

  await page.getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await hydrated(page);
  const add = page.locator('form', { has: page.getByRole('heading', { name: 'Add an address' }) });
  const fillAddress = async (street: string, city: string, state: string, postcode: string) => {
    await add.getByLabel('Street address').fill(street);
    await add.getByLabel('City').fill(city);
    // Checkout's rules: the United States' state from its list.
    await add.getByLabel('State / province').selectOption({ label: state });
    await add.getByLabel('Postcode').fill(postcode);
    await add.getByLabel('Phone').fill('212 555 0100');
    await add.getByRole('button', { name: 'Save address' }).click();
  };
  await add.getByRole('button', { name: 'Save address' }).click();
  await expect(add.getByText('Enter the street address')).toBeVisible();
  await fillAddress('5 Fifth Avenue', 'New York', 'New York', '10011');
  await expect(page.getByRole('status')).toHaveText('The address has been saved.');
  const home = page.getByRole('article', { name: '5 Fifth Avenue, New York' });
  await expect(home).toContainText('Default');
  await fillAddress('1 Infinite Loop', 'Cupertino', 'California', '95014');
  const work = page.getByRole('article', { name: '1 Infinite Loop, Cupertino' });
  await expect(work).toBeVisible();
  await expect(work).not.toContainText('Default');

  await work.getByRole('link', { name: 'Edit 1 Infinite Loop' }).click();
  const edit = page.locator('form', { has: page.getByRole('heading', { name: 'Edit address: 1 Infinite Loop' }) });
  await edit.getByLabel('City').fill('Palo Alto');
  await edit.getByRole('button', { name: 'Save address' }).click();
  const moved = page.getByRole('article', { name: '1 Infinite Loop, Palo Alto' });
  await expect(moved).toBeVisible();
  await moved.getByRole('button', { name: 'Make 1 Infinite Loop my default address' }).click();
  await expect(page.getByRole('status')).toHaveText('This is now your default address.');
  await expect(moved).toContainText('Default');
  await expect(home).not.toContainText('Default');
  await home.getByRole('button', { name: 'Delete 5 Fifth Avenue' }).click();
  await expect(page.getByRole('status')).toHaveText('The address has been deleted.');
  await expect(page.getByRole('article', { name: /5 Fifth Avenue/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: '1 Infinite Loop, Palo Alto' })).toContainText('Default');
  await expectNoAxeViolations(page);
});

test('profile update and change-password send the bearer token in Authorization (spec section 6)', async ({ page, context }) => {
  const c = await seedCustomer(e2e().databaseUrl);
  await signInAs(context, c.token);
  await page.goto('/customer/account/profile');
  await hydrated(page);
  const profile = page.locator('form', { has: page.getByRole('heading', { name: 'Your details' }) });
  await profile.getByLabel('Last name').fill('Byron');
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/customer/profile') && r.method() === 'PUT');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).headers()['authorization']).toBe(`Bearer ${c.token}`);
  await expect(profile.getByRole('status')).toHaveText('Your profile has been saved.');

  const password = page.locator('form', { has: page.getByRole('heading', { name: 'Change password' }) });
  await password.getByLabel('Current password').fill(c.password);
  await password.getByLabel(/^New password/).fill('a much longer secret 1');
  await password.getByLabel('Confirm new password').fill('a much longer secret 1');
  const changed = page.waitForRequest((r) => r.url().endsWith('/api/customer/change-password'));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/customer/change-password'));
  await password.getByRole('button', { name: 'Change password' }).click();
  expect((await changed).headers()['authorization']).toBe(`Bearer ${c.token}`);
  const renewed = (await (await answered).json()).token as string;
  await afterHashing(password.getByRole('status')).toContainText('Your password has been changed');

  // The old token is void now: the next save carries the renewed one, and works.
  await profile.getByLabel('Last name').fill('Lovelace');
  const again = page.waitForRequest((r) => r.url().endsWith('/api/customer/profile') && r.method() === 'PUT');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  expect((await again).headers()['authorization']).toBe(`Bearer ${renewed}`);
  await expect(profile.getByRole('status')).toHaveText('Your profile has been saved.');
});
