/**
 * Whose cart or wishlist a request is about: the signed-in customer (locals.customer, set by the accounts
 * middleware), or else the guest holding a random token in an httpOnly cookie. A client never names a
 * cart by id to reach it: ids in bodies are only checked against the cart found here.
 */
import { randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { isHttps } from '~/server/security/headers.ts';

export interface Owner {
  customerId?: number;
  /** The guest's token from the cookie, when it looks like one of ours. */
  token?: string;
}

export interface OwnerContext {
  cookies: AstroCookies;
  locals: App.Locals;
  url: URL;
  request: Request;
}

/** The cookies that name a guest's cart and wishlist. */
export const CART_COOKIE = 'aurelle_cart';
export const WISHLIST_COOKIE = 'aurelle_wishlist';

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
export const GUEST_COOKIE_DAYS = 60;

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function ownerFrom(context: OwnerContext, cookie: string): Owner {
  const raw = context.cookies.get(cookie)?.value;
  const token = raw && TOKEN.test(raw) ? raw : undefined;
  return { customerId: context.locals.customer?.id, token };
}

const overHttps = (context: OwnerContext) => isHttps(context.url, context.request.headers.get('x-forwarded-proto'));

/** Gives the guest its token: httpOnly (scripts never see it), Lax (sent on top-level navigations only). */
export function rememberGuest(context: OwnerContext, cookie: string, token: string): void {
  context.cookies.set(cookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(context),
    path: '/',
    maxAge: GUEST_COOKIE_DAYS * 24 * 3600,
  });
}

export function forgetGuest(cookies: AstroCookies, cookie: string): void {
  cookies.delete(cookie, { path: '/' });
}
