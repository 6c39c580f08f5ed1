/** Content pages and the page shell as HTTP clients (and crawlers) see them. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../support/api.ts';
import raw from '~/content/shop.json';

const get = async (base: string, path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, headers: res.headers, html: await res.text() };
};

describe.each(databases)('content pages on $kind', ({ url }) => {
  it('serves a published page at /{slug}, cacheable', async () => {
    const page = await get(url, '/about-us');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1 class="mt-4 font-serif text-4xl leading-tight text-primary md:text-5xl">Our Story</h1>');
    expect(page.html).toContain('Made to order, by hand');
    expect(page.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves the privacy policy at /privacy-policy', async () => {
    const page = await get(url, '/privacy-policy');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Privacy Policy | Aurelle</title>');
  });

  it('hides a draft (404) unless previewPage=true, and never caches or indexes the preview', async () => {
    expect((await get(url, '/holiday-gift-guide')).status).toBe(404);
    expect((await get(url, '/holiday-gift-guide?previewPage=false')).status).toBe(404);
    const preview = await get(url, '/holiday-gift-guide?previewPage=true');
    expect(preview.status).toBe(200);
    expect(preview.html).toContain('The Holiday Gift Guide');
    expect(preview.html).toContain('Preview: this page is a draft and is hidden from shoppers.');
    expect(preview.html).toContain('<meta name="robots" content="noindex">');
    expect(preview.headers.get('cache-control')).toBe('no-store');
  });

  it('injects the shop configuration once per page as JSON, and runs no inline script the CSP does not name', async () => {
    for (const path of ['/', '/about-us', '/no-such-page']) {
      const { html, headers } = await get(url, path);
      const blocks = [...html.matchAll(/<script type="application\/json" id="shop-config">([\s\S]*?)<\/script>/g)];
      expect(blocks).toHaveLength(1);
      const config = JSON.parse(blocks[0]![1]!);
      // app_demo is the database's: the test servers run the demo shop (SHOP_DEMO=1, tests/support/server.ts).
      expect(config).toMatchObject({ shop_name: raw.shop_name, app_id: raw.app_id, app_demo: true, app_version: raw.app_version });
      // A draft page stays out of every page's configuration until published (shopper-met.test.ts).
      expect(config).toMatchObject({
        cmsPageRoutes: raw.cmsPageRoutes.filter((r: { status: string }) => r.status !== 'draft'),
        themeOverrides: raw.themeOverrides,
        isToolbarHidden: raw.isToolbarHidden,
      });
      // The navigation is in the page as its menus, not a third time as data; server-only rules never leave the server.
      for (const key of ['navigation', 'appointments', 'diamond_markup', 'orders']) expect(config).not.toHaveProperty(key);
      // Astro's own island loaders are inline; each must be allowed by its hash, never by 'unsafe-inline'.
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/type="application\/(ld\+)?json"|\bsrc="/.test(attrs!),
      );
      for (const [, , body] of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
  });
});
