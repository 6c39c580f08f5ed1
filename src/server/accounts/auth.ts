/** The guard every account, address and order call uses: the signed-in customer, or 401. */
import { HttpError } from '~/server/endpoint/http.ts';
import type { Customer } from './session.ts';

export function requireCustomer(locals: App.Locals): Customer {
  if (!locals.customer) throw new HttpError(401, 'Please sign in to continue', 'unauthenticated');
  return locals.customer;
}

/** A same-site path to return to after sign-in; anything else (another host, //evil, \\evil) is dropped. */
export function safeRedirect(target: string | null | undefined, fallback = '/customer/account/profile'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  try {
    const url = new URL(target, 'http://shop.invalid');
    if (url.host !== 'shop.invalid') return fallback;
    // Back to the sign-in screen itself would loop.
    if (url.pathname === '/customer' || url.pathname === '/customer/') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
