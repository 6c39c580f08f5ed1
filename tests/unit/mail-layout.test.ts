/**
 * The shop's e-mails in both parts: the plain text lists the lines and totals; the HTML, compiled
 * from MJML with strict validation, shows the wordmark, each line's picture (an absolute address), name and
 * price, the totals and the button, and escapes what shoppers typed. Also the log's masking, the request id,
 * the outbox's back-off and what counts as the database being out of reach.
 */
import { describe, expect, it } from 'vitest';
import type { PlacedOrder } from '~/features/checkout/checkout.schema.ts';
import { orderConfirmationMail, staffNewOrderMail } from '~/server/checkout/order-mail.ts';
import { compileMjml } from '~/server/mail/layout.ts';
import { finished, simpleHtml } from '~/server/mail/mailer.ts';
import { retryDelayMs } from '~/server/mail/outbox.ts';
import { createLogger, maskEmails, maskUrl } from '~/server/observe/log.ts';
import { requestIdFrom } from '~/server/observe/request-context.ts';
import { isDatabaseUnavailable } from '~/server/db/outage.ts';

const order = {
  id: 41,
  increment_id: 'AU100041',
  email: 'jane.doe@example.com',
  order_token: 'tok',
  status: 'pending',
  status_label: 'Pending',
  payment_method: 'banktransfer',
  payment_title: 'Bank transfer',
  shipping_method: 'Insured standard',
  coupon_code: 'WELCOME10',
  billing_address: { first_name: 'Jane', last_name: 'Doe' },
  items: [
    {
      name: 'Solitaire <Ring>',
      sku: 'R-1',
      qty_ordered: 1,
      formated_price: '$1,250.00',
      formated_total: '$1,250.00',
      product: { base_image: { medium_image_url: '/images/jewellery/solitaire--14k_white_gold--angled.svg' } },
    },
    {
      name: '1.01 ct Round diamond',
      sku: 'D-9',
      qty_ordered: 2,
      formated_price: '$499.99',
      formated_total: '$999.98',
      product: { base_image: { medium_image_url: '/images/diamonds/round.svg' } },
    },
  ],
  formated_sub_total: '$2,249.98',
  discount_amount: 225,
  formated_discount_amount: '$225.00',
  formated_shipping_amount: '$25.00',
  store_credit_amount: 0,
  formated_grand_total: '$2,049.98',
} as unknown as PlacedOrder;

describe('the order confirmation e-mail', () => {
  it('lists the lines and totals in its plain-text part', () => {
    const mail = orderConfirmationMail(order);
    expect(mail.to).toBe('jane.doe@example.com');
    expect(mail.subject).toBe('Your order AU100041');
    expect(mail.text).toContain('Solitaire <Ring> × 1: $1,250.00');
    expect(mail.text).toContain('1.01 ct Round diamond × 2: $999.98');
    expect(mail.text).toContain('Discount (WELCOME10): −$225.00');
    expect(mail.text).toContain('Total: $2,049.98');
    expect(mail.text).toMatch(/View your order: http:\/\/\S+\/checkout\/onepage\/success|View your order: http/);
  });

  it('shows the wordmark, each line’s picture, name and price, and the totals in its HTML part', async () => {
    const html = (await finished(orderConfirmationMail(order))).html!;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('AURELLE');
    expect(html).toMatch(/<img[^>]+src="http:\/\/[^"]+\/images\/jewellery\/solitaire--14k_white_gold--angled\.png"/);
    expect(html).toMatch(/<img[^>]+alt="1\.01 ct Round diamond"/);
    expect(html).toContain('Solitaire &lt;Ring&gt;');
    expect(html).not.toContain('<Ring>');
    for (const amount of ['$1,250.00', '$999.98', '$2,249.98', '−$225.00', '$2,049.98']) expect(html).toContain(amount);
    expect(html).toContain('View your order');
  });

  it('tells the staff who ordered, with the same lines', async () => {
    const mail = await finished(staffNewOrderMail(order));
    expect(mail.subject).toBe('New order AU100041: $2,049.98');
    expect(mail.text).toContain('Order AU100041 was placed by Jane Doe (jane.doe@example.com).');
    expect(mail.html).toContain('/images/diamonds/round.png');
  });

  it('compiles the simple layout and refuses broken MJML', async () => {
    const html = (
      await finished({
        to: 'a@example.com',
        subject: 's',
        text: 't',
        html: simpleHtml(['Hello <b>you</b>'], { label: 'Go', url: 'https://example.com/?a=1&b=2' }),
      })
    ).html!;
    expect(html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('href="https://example.com/?a=1&amp;b=2"');
    await expect(compileMjml('<mjml><mj-body><mj-section><mj-text>outside a column</mj-text></mj-section></mj-body></mjml>')).rejects.toThrow(
      /mj-text cannot be used inside mj-section/,
    );
  });
});

describe('logs, request ids, retries and outages', () => {
  it('masks e-mail addresses and secret query values', () => {
    expect(maskEmails('Mail to jane.doe@example.com failed')).toBe('Mail to j***@example.com failed');
    expect(maskUrl('/customer/reset?token=abc&email=jane%40example.com&page=2')).toBe('/customer/reset?token=***&email=***&page=2');
    expect(maskUrl('/search?q=jane@example.com')).toBe('/search?q=j***@example.com');
  });

  it('writes JSON lines with no shopper address or token, wherever they hide', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line: string) => void lines.push(line) });
    logger.error(
      { err: new Error('No such mailbox: jane.doe@example.com'), reason: 'refused ann@example.org', email: 'bob@example.com', token: 'secret-token' },
      'Mail to jane.doe@example.com failed',
    );
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'error', msg: 'Mail to j***@example.com failed', reason: 'refused a***@example.org', email: '***', token: '***' });
    expect(line.err.message).toBe('No such mailbox: j***@example.com');
    expect(lines[0]).not.toMatch(/jane\.doe@|ann@|bob@|secret-token/);
  });

  it('keeps a safe client request id and makes one otherwise', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('has space')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('doubles the pause between attempts up to the maximum', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('tells an unreachable database from a bad query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
