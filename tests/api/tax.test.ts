/**
 * Tax and invoices (issue 30), as an API client sees them, on both databases: New York's 8.875 % on the
 * diamond and the shipping to the cent in the cart, checkout, order and e-mail; Oregon nothing; the
 * United Kingdom's VAT included (the total unchanged); a coupon lowers the taxed amount, store credit
 * does not; a partial refund gives back tax in proportion with a credit note; gap-free invoice numbers
 * under 50 payments at once; the invoice PDF read back with pdftotext; another customer's invoice is 404.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, databases } from '../support/api.ts';
import { closeTestDbs, seedCustomer, seedOrder, testDb } from '../support/accounts.ts';
import { ADMIN_TOKEN } from '../support/admin.ts';
import { guestEmail, LONDON, NEW_YORK, readyCart, saveOrder, signedIn } from '../support/checkout.ts';
import { waitForMail } from '../support/mailbox.ts';
import { Shopper } from '../support/shopper.ts';
import { declaredAnswer, endpointRequest } from '../support/endpoint-client.ts';
import { staffOrderEndpoints } from '~/server/orders/staff.endpoints.ts';
import { picker } from '../support/stones.ts';

const stone = picker('tax');
const mailDir = inject('mailDir');
const OREGON = { ...NEW_YORK, address1: '1000 SW Broadway', address2: null, city: 'Portland', state: 'OR', postcode: '97205', phone: '+1 503 555 0100' };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tax-'));
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

afterAll(async () => {
  await closeTestDbs();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The rounding docs/api.md states, computed here on its own: cents × rate, half up (rate in millionths). */
const added = (cents: number, millionths: number) => Math.floor((2 * cents * millionths + 1_000_000) / 2_000_000);
/** The included part: cents × rate ÷ (1 + rate), half up. */
const included = (cents: number, millionths: number) => Math.floor((2 * cents * millionths + (1_000_000 + millionths)) / (2 * (1_000_000 + millionths)));
const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function pdfText(base64OrBuffer: Buffer): string {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, base64OrBuffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function pdfOf(res: Response): Promise<Buffer> {
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const body = Buffer.from(await res.arrayBuffer());
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  return body;
}

describe.each(databases)('tax and invoices on $kind', ({ url, databaseUrl }) => {
  it('New York: 8.875 % on the diamond and the shipping, to the cent, in the cart, checkout, order and e-mail', async () => {
    const s = new Shopper(url);
    const diamond = stone();
    const email = guestEmail();
    const before = await s.post('/api/checkout/cart/add', { ids: [diamond.id], quantity: 1 });
    // No address yet: tax is calculated at checkout.
    expect(before.body.data).toMatchObject({ tax_total: null, formated_tax_total: null, tax_label: null, tax_included: false });
    const ready = await readyCart(s, { email, rate: 'insured_express', method: 'banktransfer' });
    const ship = cents(ready.shipping_amount);
    expect(ship).toBeGreaterThan(0);
    const tax = added(diamond.price_cents, 88_750) + added(ship, 88_750);
    expect(ready).toMatchObject({
      tax_label: 'Sales tax',
      tax_included: false,
      tax_total: tax / 100,
      formated_tax_total: money(tax),
      grand_total: (diamond.price_cents + ship + tax) / 100,
    });
    // Every checkout read and the cart carry the same figures.
    expect((await s.get('/api/checkout/cart')).body.data).toMatchObject({
      tax_total: tax / 100,
      formated_tax_total: money(tax),
      tax_label: 'Sales tax',
      grand_total: (diamond.price_cents + ship + tax) / 100,
    });
    const placed = await saveOrder(s);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.order;
    expect(order).toMatchObject({
      tax_total: tax / 100,
      shipping_tax_amount: added(ship, 88_750) / 100,
      tax_label: 'Sales tax',
      tax_rate: 0.08875,
      tax_included: false,
      grand_total: (diamond.price_cents + ship + tax) / 100,
      invoice_number: null,
    });
    expect(order.items[0]).toMatchObject({ tax_amount: added(diamond.price_cents, 88_750) / 100 });
    const mail = await waitForMail(mailDir, email, /Your order AU/);
    expect(mail.text).toContain(`Sales tax: ${money(tax)}`);
    expect(mail.text).toContain(`Total: ${money(diamond.price_cents + ship + tax)}`);
  });

  it('Oregon adds nothing; the United Kingdom shows the VAT included and leaves the total unchanged', async () => {
    const or = new Shopper(url);
    const d1 = stone();
    await or.post('/api/checkout/cart/add', { ids: [d1.id], quantity: 1 });
    const oregon = await readyCart(or, { email: guestEmail(), address: OREGON, rate: 'insured_express' });
    expect(oregon).toMatchObject({ tax_total: 0, formated_tax_total: '$0.00', grand_total: (d1.price_cents + cents(oregon.shipping_amount)) / 100 });

    const uk = new Shopper(url);
    const d2 = stone();
    await uk.post('/api/checkout/cart/add', { ids: [d2.id], quantity: 1 });
    const london = await readyCart(uk, { email: guestEmail(), address: LONDON, rate: 'insured_express' });
    const ship = cents(london.shipping_amount);
    const vat = included(d2.price_cents, 200_000) + included(ship, 200_000);
    expect(london).toMatchObject({ tax_label: 'VAT', tax_included: true, tax_total: vat / 100, grand_total: (d2.price_cents + ship) / 100 });
    const placed = await saveOrder(uk);
    expect(placed.body.order).toMatchObject({ tax_total: vat / 100, tax_included: true, tax_rate: 0.2, grand_total: (d2.price_cents + ship) / 100 });
  });

  it('a coupon lowers the taxed amount; store credit does not', async () => {
    const customer = await seedCustomer(databaseUrl, { password: null });
    const s = signedIn(url, customer.token);
    const diamond = stone();
    await s.post('/api/checkout/cart/add', { ids: [diamond.id], quantity: 1 });
    const plain = await readyCart(s, { address: NEW_YORK });
    expect(plain.tax_total).toBe(added(diamond.price_cents, 88_750) / 100);
    const coupon = await s.post('/api/checkout/cart/coupon', { code: 'WELCOME10' });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    const discount = cents(coupon.body.data.discount_amount);
    expect(discount).toBe(Math.round(diamond.price_cents / 10));
    expect(coupon.body.data.tax_total).toBe(added(diamond.price_cents - discount, 88_750) / 100);
    const db = await testDb(databaseUrl);
    await db
      .insertInto('store_credit_ledger')
      .values({ customer_id: customer.id, amount_cents: 10_000, reason: 'Goodwill', order_id: null, created_at: new Date().toISOString() })
      .execute();
    const credit = await s.post('/api/checkout/cart/store-credits', { amount: 100 });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const tax = added(diamond.price_cents - discount, 88_750);
    expect(credit.body.data).toMatchObject({
      store_credit_amount: 100,
      tax_total: tax / 100,
      grand_total: (diamond.price_cents - discount + tax - 10_000) / 100,
    });
  });

  it('an invoice when paid, attached to the receipt, its PDF read back; a partial refund gives back tax in proportion with a credit note', async () => {
    const customer = await seedCustomer(databaseUrl, { password: null });
    const s = signedIn(url, customer.token);
    const diamond = stone();
    await s.post('/api/checkout/cart/add', { ids: [diamond.id], quantity: 1 });
    await readyCart(s, { address: NEW_YORK, rate: 'insured_express', method: 'banktransfer' });
    const placed = await saveOrder(s);
    const order = placed.body.order;
    // Not paid yet: no invoice.
    expect((await s.get(`/api/order/${order.id}/invoice`)).status).toBe(404);
    const markPaid = endpointRequest(staffOrderEndpoints.markPaid, { params: { id: order.increment_id } });
    const paid = declaredAnswer(staffOrderEndpoints.markPaid, await call(url, markPaid.method, markPaid.path, {}, admin));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const number = paid.body.data.invoice_number!;
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await s.get(`/api/order/${order.id}`)).body.data).toMatchObject({ invoice_number: number, tax_total: order.tax_total });

    const res = await fetch(`${url}/api/order/${order.id}/invoice`, { headers: { cookie: `aurelle_session=${customer.token}` } });
    expect(res.status).toBe(200);
    const text = pdfText(await pdfOf(res));
    const line = order.items[0];
    for (const t of [
      number,
      order.increment_id,
      'Aurelle Fine Jewellery LLC',
      'EIN 12-3456789',
      '350 Fifth Avenue',
      'New York NY 10118',
      line.name,
      line.sku,
      'Certificate ',
      `${diamond.carat.toFixed(2)} ct`,
      order.formated_sub_total,
      order.formated_shipping_amount,
      `Sales tax 8.875%`,
      order.formated_tax_total,
      order.formated_grand_total,
      'Bank transfer',
    ]) {
      expect(text, t).toContain(t);
    }
    // Another customer's invoice is a 404, like a missing order.
    const other = await seedCustomer(databaseUrl, { password: null });
    expect((await signedIn(url, other.token).get(`/api/order/${order.id}/invoice`)).status).toBe(404);
    expect((await new Shopper(url).get(`/api/order/${order.id}/invoice`)).status).toBe(401);
    // Text that names no order is a missing order too, not a bad request.
    expect((await s.get('/api/order/abc/invoice')).status).toBe(404);
    expect((await s.get('/api/order/99999999999/invoice')).status).toBe(404);

    // The receipt carries the invoice.
    const receipt = await waitForMail(mailDir, customer.email, /Payment received/);
    expect(receipt.text).toContain(`Your invoice ${number} is attached.`);
    const attached = receipt.attachments?.find((a) => a.filename === `${number}.pdf`);
    expect(attached?.contentType).toBe('application/pdf');
    expect(pdfText(Buffer.from(attached!.base64!, 'base64'))).toContain(order.formated_tax_total);

    // Staff: the same invoice by the admin route, as PDF and JSON.
    expect((await fetch(`${url}/api/admin/orders/${order.increment_id}/invoice`)).status).toBe(401);
    expect(pdfText(await pdfOf(await fetch(`${url}/api/admin/orders/${order.increment_id}/invoice`, { headers: admin })))).toContain(number);
    const json = await call(url, 'GET', `/api/admin/orders/${order.increment_id}/invoice?format=json`, undefined, admin);
    expect(json.body.data).toMatchObject({
      number,
      order_number: order.increment_id,
      total_cents: cents(order.grand_total),
      tax: { cents: cents(order.tax_total), rate: 0.08875, included: false },
    });

    // A partial refund: tax back in proportion (half up), its credit note numbered in its own sequence.
    const grand = cents(order.grand_total);
    const taxCents = cents(order.tax_total);
    const refundCents = 123_45;
    const refund = await call(url, 'POST', `/api/admin/orders/${order.increment_id}/refund`, { amount: refundCents / 100, reason: 'Resized band' }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const back = Math.floor((2 * refundCents * taxCents + grand) / (2 * grand));
    expect(refund.body.data.refunds).toEqual([
      expect.objectContaining({ amount_cents: refundCents, tax_cents: back, credit_note_number: expect.stringMatching(/^CN-\d{4}-\d{6}$/) }),
    ]);
    const note = refund.body.data.refunds[0].credit_note_number as string;
    const mail = await waitForMail(mailDir, customer.email, /Refund of/);
    expect(mail.text).toContain(`Of this, ${money(back)} is Sales tax given back.`);
    const notePdf = pdfText(await pdfOf(await fetch(`${url}/api/admin/orders/${order.increment_id}/credit-notes/${note}`, { headers: admin })));
    for (const t of [note, number, order.increment_id, money(refundCents), money(back), 'Resized band']) expect(notePdf, t).toContain(t);
    // The rest refunded: the two refunds give back exactly the order's tax.
    const rest = await call(url, 'POST', `/api/admin/orders/${order.increment_id}/refund`, { amount: (grand - refundCents) / 100 }, admin);
    expect(rest.status).toBe(200);
    expect(rest.body.data.refunds.reduce((sum: number, r: { tax_cents: number }) => sum + r.tax_cents, 0)).toBe(taxCents);
  });

  it("50 orders paid at once get 50 distinct invoice numbers, and the year's numbers have no gap", { timeout: 120_000 }, async () => {
    const customer = await seedCustomer(databaseUrl, { password: null });
    const db = await testDb(databaseUrl);
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await seedOrder(databaseUrl, customer.id, { status: 'pending' }));
    await db
      .updateTable('orders')
      .set({ payment_method: 'banktransfer' })
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    const answers = await Promise.all(orders.map((o) => call(url, 'POST', `/api/admin/orders/${o.id}/mark-paid`, {}, admin)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const numbers = answers.map((a) => a.body.data.invoice_number as string);
    expect(new Set(numbers).size).toBe(50);
    const year = numbers[0]!.slice(4, 8);
    // Other suites pay orders on this server meanwhile: every number of the year, ours among them, is 1..N once each.
    const all = (await db.selectFrom('orders').select('invoice_number').where('invoice_number', 'like', `INV-${year}-%`).execute())
      .map((r) => Number(r.invoice_number!.slice(9)))
      .sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, i) => i + 1));
    const ours = numbers.map((n) => Number(n.slice(9))).sort((a, b) => a - b);
    // Ours are consecutive but for numbers other orders took meanwhile (each of those is a real invoice).
    expect(ours[49]! - ours[0]! + 1 - 50).toBe(all.filter((n) => n > ours[0]! && n < ours[49]! && !ours.includes(n)).length);
  });
});
