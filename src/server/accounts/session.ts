/**
 * Sessions: one server-side row per sign-in, named by a random token. API clients send the token as
 * `Authorization: Bearer …`; browsers hold the same token in an httpOnly cookie. Logout deletes the row,
 * a password change deletes every row of the customer, so both kinds of client are signed out at once.
 */
import type { AstroCookies } from 'astro';
import type { CustomerRow } from '~/server/db/schema.ts';
import { randomToken, sha256 } from './crypto.ts';
import { getDb } from '~/server/db/database.ts';
import { isHttps } from '~/server/security/headers.ts';
import { deleteSession, findLiveSession, insertSession, touchSession } from './session.repository.ts';
import { mergeGuestIntoCustomer } from '~/server/cart/login-merge.ts';

export const SESSION_COOKIE = 'aurelle_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 3600_000;
// last_seen_at is for the customer's own "where am I signed in"; writing it once an hour is enough.
const TOUCH_EVERY_MS = 3600_000;

/** The customer as pages and services see it: never the password hash. */
export type Customer = Omit<CustomerRow, 'password_hash'> & { has_password: boolean };

export function toCustomer(row: CustomerRow): Customer {
  const { password_hash, ...rest } = row;
  return { ...rest, has_password: password_hash !== null };
}

interface RequestContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The token the request signed in with (bearer header or cookie), for a page's islands to send as a bearer token. */
export function requestToken(context: Pick<RequestContext, 'request' | 'cookies'>): string | undefined {
  return bearerToken(context.request) ?? context.cookies.get(SESSION_COOKIE)?.value;
}

/** Middleware step: fills locals.customer and locals.sessionId from the bearer token or the cookie. */
export async function loadCustomer(context: RequestContext): Promise<void> {
  const token = bearerToken(context.request) ?? context.cookies.get(SESSION_COOKIE)?.value;
  if (!token || token.length > 128) return;
  const db = await getDb();
  const found = await findLiveSession(db, sha256(token));
  if (!found) return;
  context.locals.customer = toCustomer(found.customer);
  context.locals.sessionId = found.session.id;
  if (Date.now() - Date.parse(found.session.last_seen_at) > TOUCH_EVERY_MS) await touchSession(db, found.session.id);
}

/** Secure cookies where the shopper reaches us over HTTPS, also behind a TLS-terminating proxy. */
const overHttps = (context: RequestContext) => isHttps(context.url, context.request.headers.get('x-forwarded-proto'));

/** Opens a session for the customer, sets the cookie, and returns the token for bearer use. */
export async function startSession(context: RequestContext, customerId: number): Promise<string> {
  const token = randomToken();
  await insertSession(await getDb(), sha256(token), customerId, SESSION_LIFETIME_MS);
  context.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: overHttps(context),
    path: '/',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  // Whatever the shopper gathered as a guest (cart, wishlist) joins the account they sign in to.
  await mergeGuestIntoCustomer(context, customerId);
  return token;
}

/** Ends the caller's session (logout) and clears the cookie. */
export async function endSession(context: RequestContext): Promise<void> {
  if (context.locals.sessionId) await deleteSession(await getDb(), context.locals.sessionId);
  context.cookies.delete(SESSION_COOKIE, { path: '/' });
  context.locals.customer = undefined;
  context.locals.sessionId = undefined;
}

export type { RequestContext };
