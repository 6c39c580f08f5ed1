/** The browser's analytics queue and the collector's payload rules. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsQueue, pageEvent, referrerOf, whenPluginsReady, type SendResult } from '~/features/analytics/analytics.ts';
import { collectSchema, type PageEvent } from '~/features/analytics/analytics.schema.ts';

const event = (n: number): PageEvent => ({ payload: JSON.stringify({ n }), type: 'page', user_id: null });

describe('analytics queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing until started, then drains every 3000 ms in order', async () => {
    const sent: number[] = [];
    const queue = new AnalyticsQueue({ transport: async (e) => (sent.push(JSON.parse(e.payload).n), 'sent') });
    queue.enqueue(event(1));
    queue.enqueue(event(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
    queue.start();
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([1, 2]);
    queue.enqueue(event(3));
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
  });

  it('keeps events while offline and sends them when the browser is back online', async () => {
    const sent: number[] = [];
    const queue = new AnalyticsQueue({ online: false, transport: async (e) => (sent.push(JSON.parse(e.payload).n), 'sent') });
    queue.start();
    queue.enqueue(event(1));
    await vi.advanceTimersByTimeAsync(9000);
    expect(sent).toEqual([]);
    queue.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1]);
  });

  it('retries what failed, drops what the server refused, and caps the queue', async () => {
    const results: SendResult[] = ['retry', 'dropped', 'sent'];
    const attempts: number[] = [];
    const queue = new AnalyticsQueue({ maxQueued: 3, transport: async (e) => (attempts.push(JSON.parse(e.payload).n), results.shift() ?? 'sent') });
    for (let n = 1; n <= 5; n++) queue.enqueue(event(n));
    expect(queue.size).toBe(3);
    queue.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(attempts).toEqual([3]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(attempts).toEqual([3, 3, 4, 5]);
    expect(queue.size).toBe(0);
  });

  it('hands over what is left when the page goes away', () => {
    const queue = new AnalyticsQueue({ transport: async () => 'sent' });
    queue.enqueue(event(1));
    expect(queue.takeAll()).toEqual([event(1)]);
    expect(queue.size).toBe(0);
  });

  it('waits for plugins at most 10000 ms', async () => {
    let ready: (v?: unknown) => void = () => {};
    const slow = whenPluginsReady([new Promise(() => {})]);
    const quick = whenPluginsReady([new Promise((r) => (ready = r))]);
    ready();
    await expect(quick).resolves.toBe('ready');
    await vi.advanceTimersByTimeAsync(9999);
    let settled = false;
    void slow.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(slow).resolves.toBe('timeout');
  });
});

describe('page events', () => {
  it('carry page data, device, language, referrer with UTM parameters and the shop', () => {
    const e = pageEvent({
      url: 'https://aurelle.example/diamonds?utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=oval',
      title: 'Diamonds | Aurelle',
      referrer: 'https://mail.example.com/',
      language: 'en-US',
      userAgent: 'UA',
      viewport: { width: 390, height: 844 },
      screen: { width: 390, height: 844 },
      config: { app_id: 'aurelle-storefront', app_version: '0.1.0', shop_name: 'Aurelle' },
      userId: null,
    });
    expect(e.type).toBe('page');
    expect(e.user_id).toBeNull();
    const payload = JSON.parse(e.payload);
    expect(payload.page).toMatchObject({ path: '/diamonds', title: 'Diamonds | Aurelle' });
    expect(payload.device).toMatchObject({ viewport: { width: 390, height: 844 }, mobile: true });
    expect(payload.language).toBe('en-US');
    expect(payload.referrer).toMatchObject({ source: 'news', medium: 'email', campaign: 'spring', term: 'oval' });
    expect(payload.shop).toEqual({ app_id: 'aurelle-storefront', app_version: '0.1.0', shop_name: 'Aurelle' });
    expect(collectSchema.safeParse(e).success).toBe(true);
  });

  it('name a referring site, an internal visit or a direct one', () => {
    expect(referrerOf('https://a.example/x', 'https://www.google.com/')).toMatchObject({ source: 'www.google.com', medium: 'referral' });
    expect(referrerOf('https://a.example/x', 'https://a.example/')).toMatchObject({ source: null, medium: 'internal' });
    expect(referrerOf('https://a.example/x', '')).toMatchObject({ source: 'direct', medium: 'none', url: null });
  });

  it('are refused when the payload is not a JSON object string or the type is not page', () => {
    expect(collectSchema.safeParse({ payload: '[1]', type: 'page' }).success).toBe(false);
    expect(collectSchema.safeParse({ payload: { a: 1 }, type: 'page' }).success).toBe(false);
    expect(collectSchema.safeParse({ payload: '{}', type: 'click' }).success).toBe(false);
    expect(collectSchema.safeParse({ payload: '{}', type: 'page', user_id: 42 }).success).toBe(true);
  });
});
