/**
 * Starts analytics on a page: one page event per page, skipped in demo mode (app_demo). The queue starts
 * draining once the page's resources have loaded (our plugin readiness, so that analytics never competes
 * with the page) or after 10000 ms, tracks offline and online, and hands what is left to sendBeacon when
 * the page goes away.
 */
import { getShopConfig } from '~/features/shop/shop-config.client.ts';
import { AnalyticsQueue, pageEvent, whenPluginsReady } from './analytics.ts';

const COLLECT_URL = '/api/analytics/collect';

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

export function startAnalytics(): void {
  const config = getShopConfig();
  if (config.app_demo) return;
  const queue = new AnalyticsQueue({
    online: navigator.onLine,
    transport: async (event) => (await import('./analytics.api.ts')).sendEvent(event),
  });
  queue.enqueue(
    pageEvent({
      url: location.href,
      title: document.title,
      referrer: document.referrer,
      language: navigator.language,
      userAgent: navigator.userAgent,
      viewport: { width: innerWidth, height: innerHeight },
      screen: { width: screen.width, height: screen.height },
      config: { app_id: config.app_id, app_version: config.app_version, shop_name: config.shop_name },
      // Guests are anonymous; the customer's id joins when sign-in lands (accounts issue).
      userId: null,
    }),
  );
  window.addEventListener('online', () => queue.setOnline(true));
  window.addEventListener('offline', () => queue.setOnline(false));
  window.addEventListener('pagehide', () => {
    if (!navigator.onLine) return;
    for (const event of queue.takeAll()) {
      navigator.sendBeacon(COLLECT_URL, new Blob([JSON.stringify(event)], { type: 'application/json' }));
    }
  });
  void whenPluginsReady([pageLoaded()]).then(() => queue.start());
}
