/**
 * The mail outbox, on both databases, with a real SMTP server (tests/support/mailbox.ts):
 * - an order placed while the mail server is down succeeds; its confirmation and the staff's notice wait in
 *   the outbox (pending, attempts counted, the error kept) and arrive once the mail server is back, the
 *   confirmation in the shop's look (HTML with the lines' pictures and prices) with a plain-text part;
 * - a message the mail server refuses is tried MAIL_MAX_ATTEMPTS times, then marked failed, the staff are
 *   told, `npm run mail -- list --failed` and GET /api/admin/mail?failed=1 show it, and a resend delivers it;
 * - the staff are told of an order cancelled and of a stock import that failed (not of a dry run's);
 * - two app servers on one database deliver 40 queued messages, each exactly once.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { runNode, startServer, type TestServer } from '../support/server.ts';
import { mailsTo, startMailbox, waitForMail, type Mailbox } from '../support/mailbox.ts';
import { Shopper } from '../support/shopper.ts';
import { declaredAnswer, endpointRequest } from '../support/endpoint-client.ts';
import { mailEndpoints } from '~/server/mail/mail.endpoints.ts';
import { band, readyCart, saveOrder } from '../support/checkout.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { uniqueName } from '../support/unique.ts';
import { booking, openDay, slotStarts } from '../support/appointments.ts';
import { linkIn } from '../support/mailbox.ts';
import { openDatabase, type Connection } from '~/server/db/database.ts';
import { queue } from '~/server/mail/outbox.ts';

const root = path.resolve(import.meta.dirname, '../..');
const withBand = { products: [{ id: band.id, variant: band.variants[0]!.id }] };
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Fills the hosted test payment page's form, as a browser without JavaScript would. */
async function payOnGateway(base: string, redirect: string, card = '4242 4242 4242 4242') {
  const res = await fetch(new URL(redirect, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada Lovelace', card_number: card, expiry: '12/39', cvc: '123' }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, base);
}

describe.each(DB_KINDS.map((kind) => ({ kind })))('mail outbox on $kind', ({ kind }) => {
  let server: TestServer;
  let mailbox: Mailbox | undefined;
  let smtpPort: number;
  let conn: Connection;
  const dir = path.join(os.tmpdir(), `shop-outbox-mail-${process.pid}-${kind}`);
  const staff = `${uniqueName('staff')}@example.com`;
  const refused = new Set<string>();
  const env = () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    STAFF_EMAIL: staff,
    ADMIN_TOKEN,
    MAIL_POLL_MS: '100',
    MAIL_MAX_ATTEMPTS: '4',
    MAIL_RETRY_BASE_SECONDS: '1',
    MAIL_RETRY_MAX_SECONDS: '4',
  });

  beforeAll(async () => {
    // The mail server's port is known, but nothing listens there yet: the mail server is down.
    smtpPort = await freePort();
    server = await startServer(kind, { diamonds: 50, env: env() });
    conn = await openDatabase(server.databaseUrl);
  });
  afterAll(async () => {
    await conn?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  const outbox = async (query = '') =>
    (await new Shopper(server.url).call('GET', `/api/admin/mail${query}`, undefined, admin)).body.data as {
      id: number;
      kind: string;
      to: string;
      status: string;
      attempts: number;
      last_error: string | null;
    }[];

  it('keeps an order’s mail while the mail server is down and delivers it, in the shop’s look, once it is back', { timeout: 60_000 }, async () => {
    const email = `${uniqueName('down')}@example.com`;
    const s = new Shopper(server.url);
    await readyCart(s, { ...withBand, email });
    const placed = await saveOrder(s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.order;

    // Both messages wait: attempted, failed, kept with the error.
    await expect
      .poll(
        async () =>
          (await outbox())
            .filter((m) => (m.kind === 'order_confirmation' && m.to === email) || (m.kind === 'staff_new_order' && m.to === staff))
            .map((m) => `${m.kind} ${m.status} ${m.attempts > 0 && m.last_error ? 'tried' : 'untried'}`)
            .sort(),
        { timeout: 20_000, interval: 100 },
      )
      .toEqual(['order_confirmation pending tried', 'staff_new_order pending tried']);
    expect(mailsTo(dir, email)).toHaveLength(0);

    mailbox = await startMailbox(dir, { port: smtpPort, refuse: (a) => refused.has(a) });
    const mail = await waitForMail(dir, email, new RegExp(`Your order ${order.increment_id}`), 1, 20_000);
    const notice = await waitForMail(dir, staff, new RegExp(`New order ${order.increment_id}`), 1, 20_000);

    // The plain-text part: every line with its price, and the totals.
    expect(mail.text).toContain(`${order.items[0].name} × 1: ${order.items[0].formated_total}`);
    expect(mail.text).toContain(`Total: ${order.formated_grand_total}`);
    // The HTML part: the wordmark, each line's picture (an absolute address) and price, the button.
    expect(mail.html).toContain('AURELLE');
    const picture = (order.items[0].product.base_image.medium_image_url as string).replace(/\.svg$/, '.png');
    expect(mail.html).toContain(`src="${server.url}${picture}"`);
    // The picture is there, as PNG (mail clients do not show SVG).
    const image = await fetch(`${server.url}${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(mail.html).toContain(order.items[0].formated_total);
    expect(mail.html).toContain(order.formated_grand_total);
    expect(mail.html).toMatch(/View your order/);
    // The staff's notice names the customer and lists the lines and the total.
    expect(notice.text).toContain(email);
    expect(notice.text).toContain(`Total: ${order.formated_grand_total}`);
    expect(notice.html).toContain(`src="${server.url}${picture}"`);
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to === email && m.kind === 'order_confirmation').map((m) => m.status), { timeout: 10_000 })
      .toEqual(['sent']);
    expect(mailsTo(dir, email).filter((m) => /Your order/.test(m.subject))).toHaveLength(1);
  });

  it('gives up after the last attempt, tells the staff, lists it as failed, and resends it', { timeout: 60_000 }, async () => {
    if (!mailbox) mailbox = await startMailbox(dir, { port: smtpPort, refuse: (a) => refused.has(a) });
    const email = `${uniqueName('refused')}@example.com`;
    refused.add(email);
    const s = new Shopper(server.url);
    await readyCart(s, { ...withBand, email });
    const placed = await saveOrder(s);
    expect(placed.status).toBe(200);

    // The confirmation (and the invitation to set a password, to the same address) fail for good.
    let failed: Awaited<ReturnType<typeof outbox>>[number] | undefined;
    await expect
      .poll(async () => (failed = (await outbox('?failed=1')).find((m) => m.to === email && m.kind === 'order_confirmation')), {
        timeout: 30_000,
        interval: 200,
      })
      .toBeDefined();
    expect(failed).toMatchObject({ kind: 'order_confirmation', status: 'failed', attempts: 4 });
    const notice = await waitForMail(dir, staff, new RegExp(`^E-mail ${failed!.id} could not be delivered`), 1, 30_000);
    expect(failed!.last_error).toMatch(/No such mailbox/);
    expect(notice.subject).toBe(`E-mail ${failed!.id} could not be delivered`);
    expect(notice.text).toContain(`npm run mail -- resend ${failed!.id}`);

    const listed = await runNode([path.join(root, 'dist/cli/cli.mjs'), 'mail', 'list', '--failed'], { ...process.env, DATABASE_URL: server.databaseUrl });
    expect(listed.status, listed.output).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^\\s*${failed!.id}\\s+failed .*${email}.*failed after 4 attempts`, 'm'));

    refused.delete(email);
    const resend = endpointRequest(mailEndpoints.resend, { params: { id: failed!.id } });
    const resent = declaredAnswer(mailEndpoints.resend, await new Shopper(server.url).call(resend.method, resend.path, {}, admin));
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0 });
    await waitForMail(dir, email, /Your order/, 1, 20_000);
    expect((await new Shopper(server.url).call('POST', '/api/admin/mail/999999999/resend', {}, admin)).status).toBe(404);
    expect((await new Shopper(server.url).call('GET', '/api/admin/mail?status=lost', undefined, admin)).status).toBe(400);
    expect((await new Shopper(server.url).call('GET', '/api/admin/mail')).status).toBe(401);
  });

  it('tells the staff of a paid order and of an appointment booked and cancelled, once each', { timeout: 60_000 }, async () => {
    if (!mailbox) mailbox = await startMailbox(dir, { port: smtpPort, refuse: (a) => refused.has(a) });
    const s = new Shopper(server.url);
    await readyCart(s, { ...withBand, email: `${uniqueName('card')}@example.com`, method: 'card' });
    const placed = await saveOrder(s);
    expect(placed.body.order.status).toBe('pending_payment');
    const { id, order_token, increment_id, formated_grand_total } = placed.body.order;
    const back = await payOnGateway(server.url, placed.body.redirect_url);
    const paid = await s.post('/api/checkout/update-order', {
      orderId: id,
      orderToken: order_token,
      paymentMethod: 'card',
      paymentData: { session: back.searchParams.get('session') },
    });
    expect(paid.body.order.status).toBe('processing');
    const notice = await waitForMail(dir, staff, new RegExp(`^Order ${increment_id} paid`));
    expect(notice.subject).toBe(`Order ${increment_id} paid: ${formated_grand_total}`);
    expect(notice.text).toContain(`Total: ${formated_grand_total}`);
    // Asked again, the order stays paid and the staff are not told twice.
    await s.post('/api/checkout/update-order', {
      orderId: id,
      orderToken: order_token,
      paymentMethod: 'card',
      paymentData: { session: back.searchParams.get('session') },
    });

    const client = `${uniqueName('visit')}@example.com`;
    const booked = await new Shopper(server.url).call('POST', '/api/appointments', booking(slotStarts(openDay(3))[0]!, client));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const { reference } = booked.body.data;
    const bookedNotice = await waitForMail(dir, staff, new RegExp(`^Appointment ${reference} booked`));
    expect(bookedNotice.text).toContain(client);
    const token = decodeURIComponent(
      linkIn(await waitForMail(dir, client, /appointment on/), '/book-appointment/cancel/')
        .pathname.split('/')
        .at(-1)!,
    );
    expect((await new Shopper(server.url).call('POST', '/api/appointments/cancel', { token })).status).toBe(200);
    await waitForMail(dir, staff, new RegExp(`^Appointment ${reference} cancelled`));
    await expect.poll(async () => (await outbox('?status=pending')).length, { timeout: 10_000 }).toBe(0);
    expect(mailsTo(dir, staff).filter((m) => m.subject.startsWith(`Order ${increment_id} paid`))).toHaveLength(1);
  });

  it('tells the staff of an order cancelled and of a stock import that failed, once each', { timeout: 60_000 }, async () => {
    if (!mailbox) mailbox = await startMailbox(dir, { port: smtpPort, refuse: (a) => refused.has(a) });
    const s = new Shopper(server.url);
    await readyCart(s, { ...withBand, email: `${uniqueName('cancel')}@example.com`, method: 'banktransfer' });
    const placed = await saveOrder(s);
    const { increment_id, formated_grand_total } = placed.body.order;
    const cancelled = await new Shopper(server.url).call('POST', `/api/admin/orders/${increment_id}/cancel`, {}, admin);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const notice = await waitForMail(dir, staff, new RegExp(`^Order ${increment_id} cancelled`));
    expect(notice.text).toContain(`Order ${increment_id} (${placed.body.order.email}) was cancelled by the shop.`);
    expect(notice.text).toContain(`Total: ${formated_grand_total}`);
    // Cancelling again is refused and tells nobody twice.
    expect((await new Shopper(server.url).call('POST', `/api/admin/orders/${increment_id}/cancel`, {}, admin)).status).toBe(409);

    // A stock file that cannot be read: the caller gets the 400, the staff an e-mail naming the source and the reason.
    const source = uniqueName('feed').replace(/[^A-Za-z0-9._-]/g, '-');
    const failed = await fetch(`${server.url}/api/admin/diamonds/import?source=${source}`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'text/csv' },
      body: '\n\n',
    });
    expect(failed.status).toBe(400);
    const importNotice = await waitForMail(dir, staff, new RegExp(`^The stock import from source ${source} failed`));
    expect(importNotice.text).toContain('The file is empty');
    // A dry run that fails changes nothing and sends nothing.
    const dry = await fetch(`${server.url}/api/admin/diamonds/import?source=${source}-dry&dry_run=1`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'text/csv' },
      body: '\n\n',
    });
    expect(dry.status).toBe(400);
    await expect.poll(async () => (await outbox('?status=pending')).length, { timeout: 10_000 }).toBe(0);
    expect(mailsTo(dir, staff).filter((m) => m.subject.includes(`${source}-dry`))).toHaveLength(0);
    expect(mailsTo(dir, staff).filter((m) => m.subject.startsWith(`Order ${increment_id} cancelled`))).toHaveLength(1);
  });

  it('two app servers on one database send each of 40 messages exactly once', { timeout: 90_000 }, async () => {
    if (!mailbox) mailbox = await startMailbox(dir, { port: smtpPort, refuse: (a) => refused.has(a) });
    const other = await startServer(kind, { sharing: server, env: { ...env(), MAIL_POLL_MS: '50' } });
    try {
      const tag = uniqueName('once');
      const addresses = Array.from({ length: 40 }, (_, i) => `${tag}-${i}@example.com`);
      for (const to of addresses) await queue(conn.db, { message: { to, subject: `Once ${to}`, text: 'Sent once.' } });
      await expect
        .poll(
          async () =>
            Number(
              (
                await conn.db
                  .selectFrom('mail_outbox')
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .where('recipient', 'in', addresses)
                  .where('status', '=', 'sent')
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          { timeout: 60_000, interval: 100 },
        )
        .toBe(40);
      for (const to of addresses) await waitForMail(dir, to);
      for (const to of addresses) expect(mailsTo(dir, to), to).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});
