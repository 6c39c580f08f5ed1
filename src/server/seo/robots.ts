/** robots.txt: the shop is open to crawlers, its private and transactional paths are not; names the sitemap. */
import { siteUrl } from '~/server/mail/mailer.ts';

export const DISALLOWED = ['/api/', '/checkout', '/cart', '/customer', '/wishlist', '/build-your-own/summary'];

export function robotsTxt(): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl()}/sitemap.xml`, ''].join('\n');
}
