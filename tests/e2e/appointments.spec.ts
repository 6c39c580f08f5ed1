import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './support.ts';
import { e2e, hydrated, linkIn, pathOf, seedCustomer, signInAs, uniqueEmail, waitForMail } from './account-support.ts';
import { icsLines } from '../support/ics.ts';

// Booking, two e-mails and three axe runs: more than the default 30 s when the machine is busy.
test.describe.configure({ timeout: 60_000 });

// The shopper is in Paris, the showroom in New York: the page must show Paris times.
test.use({ timezoneId: 'Europe/Paris' });

/**
 * The desktop and mobile projects book on one server at the same time: each project takes slots of its
 * own (the first ones of a day for one test, the last ones for the other), so that neither can fill a
 * slot the other is about to book.
 */
const lane = (info: TestInfo) => (info.project.name === 'mobile' ? 1 : 0);

/** The second open day after the first one the server offers (its own clock): never today, whatever the time. */
async function laterOpenDay(page: Page): Promise<string> {
  const { data } = await (await page.request.get('/api/appointments/calendar')).json();
  const days: { date: string; open: boolean }[] = data.months.flatMap((m: { weeks: unknown[][] }) => m.weeks.flat()).filter(Boolean);
  return days.filter((d) => d.open && d.date > data.first_open_day)[1]!.date;
}

const inParis = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
    timeZoneName: 'short',
  }).format(new Date(iso));

test('a guest books with the keyboard, receives the invitation by e-mail and cancels through its link', async ({ page }, testInfo) => {
  const email = uniqueEmail('e2e-appointment');
  await page.goto('/book-appointment?attach=/wishlist');
  await hydrated(page);
  await expectNoAxeViolations(page);
  await expect(page.getByText(/Times are shown in Paris time; our showroom is in New York/)).toBeVisible();

  // The chosen day is the calendar's one tab stop; the arrow key moves to the next open day, Enter picks it.
  const chosen = page.getByRole('link', { name: /, selected$/ });
  await chosen.focus();
  await page.keyboard.press('ArrowRight');
  const next = page.locator('a[data-date]:focus');
  const nextLabel = (await next.getAttribute('aria-label'))!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: `${nextLabel}, selected` })).toBeVisible();

  await page.getByRole('button', { name: 'Book the appointment' }).click();
  await expect(page.getByText('Choose a time for your appointment')).toBeVisible();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toBeFocused();

  // The day after the first open one: its slots are hours away, far from the minimum notice.
  const slot = page.locator('input[name="start"]:not([disabled])').nth(lane(testInfo));
  const start = (await slot.getAttribute('value'))!;
  await slot.locator('xpath=..').click();
  await expect(slot).toBeChecked();
  await page.getByLabel(/^Name/).fill('Ada Lovelace');
  await page.getByLabel(/^E-mail address/).fill(email);
  await page.getByLabel(/^Phone/).fill('+1 212 555 0100');
  await page.getByLabel('What would you like to see?').fill('Oval diamonds around 1.5 ct');
  await expect(page.getByLabel('Attached link (optional)')).toHaveValue('/wishlist');
  await page.getByRole('button', { name: 'Book the appointment' }).click();

  const confirmation = page.getByRole('status');
  await expect(confirmation.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
  await expect(confirmation).toContainText(inParis(start));
  await expect(confirmation).toContainText(email);
  await expectNoAxeViolations(page);

  const mail = await waitForMail(e2e().mailDir, email, /appointment on/);
  const invite = mail.attachments!.find((a) => a.filename === 'appointment.ics')!;
  const ics = icsLines(invite.content);
  expect(ics.METHOD).toBe('METHOD:REQUEST');
  expect(ics.DTSTART).toBe(`DTSTART:${start.replace(/[-:]/g, '').replace('.000', '')}`);
  expect(ics.ATTENDEE).toContain(`mailto:${email}`);

  await page.goto(pathOf(linkIn(mail, '/book-appointment/cancel/')));
  await hydrated(page);
  await expect(page.getByText(inParis(start))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel my appointment' }).click();
  await expect(page.getByRole('status')).toHaveText('Your appointment is cancelled. We have sent you a confirmation.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel my appointment' })).toHaveCount(0);
  await waitForMail(e2e().mailDir, email, /cancelled/);
});

test('a customer finds their details filled in and the appointment on their profile', async ({ page, context }, testInfo) => {
  const customer = await seedCustomer(e2e().databaseUrl, { first_name: 'Grace' });
  await signInAs(context, customer.token);
  // A day from tomorrow on, never today: today's last slot could pass its minimum notice while the test runs.
  await page.goto(`/book-appointment?date=${await laterOpenDay(page)}`);
  await hydrated(page);
  await expect(page.getByLabel(/^Name/)).toHaveValue('Grace Lovelace');
  await expect(page.getByLabel(/^E-mail address/)).toHaveValue(customer.email);
  await page.getByRole('radio', { name: 'Video call' }).check();
  const open = page.locator('input[name="start"]:not([disabled])');
  await expect(open.first()).toBeAttached();
  await open
    .nth((await open.count()) - 1 - lane(testInfo))
    .locator('xpath=..')
    .click();
  await page.getByLabel(/^Phone/).fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Book the appointment' }).click();
  await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toBeVisible();
  const reference = (await page.locator('dt:text-is("Reference") + dd').textContent())!;

  await page.goto('/customer/account/profile');
  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await expect(upcoming).toContainText(`Video call`);
  await expect(upcoming).toContainText(reference);
  await expect(upcoming).toContainText('https://meet.jit.si/Aurelle-');
});
