/**
 * Operators' routes under /api/admin/ answer only `Authorization: Bearer $ADMIN_TOKEN`. With ADMIN_TOKEN
 * unset they do not exist: the same JSON 404 as any unknown /api path.
 *
 * The right token is always let in: wrong tokens sent by others (any address, any number) never lock the
 * operator out. Wrong tokens are counted per client address in the database (security/rate-limit.ts),
 * each counted before it is answered; past the limit that address's wrong tokens get 429 with
 * Retry-After instead of 401. The token itself must be long and random (docs/api.md): a limit that the
 * right token passes cannot be what keeps guessers out.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIContext } from 'astro';
import { config } from '~/server/config.ts';
import { HttpError, notFound } from '~/server/http.ts';
import { clientKey } from './client-address.ts';
import { take, type Limit } from './rate-limit.ts';

export const adminTokenLimit: Limit = { bucket: 'admin:token', max: 10, windowMs: 15 * 60_000 };

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function requireAdmin(context: Pick<APIContext, 'request' | 'url' | 'clientAddress'>): Promise<void> {
  const token = config.adminToken;
  if (!token) throw notFound(`No API endpoint at ${context.url.pathname}`);
  const given = /^Bearer\s+(\S+)\s*$/i.exec(context.request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (timingSafeEqual(digest(given), digest(token))) return;
  await take([{ limit: adminTokenLimit, key: clientKey(context) }]);
  throw new HttpError(401, 'This endpoint needs the admin token: Authorization: Bearer <ADMIN_TOKEN>', 'unauthorized', undefined, { 'www-authenticate': 'Bearer' });
}
