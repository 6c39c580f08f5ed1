/**
 * Operators' routes under /api/admin/ answer only `Authorization: Bearer $ADMIN_TOKEN`. With ADMIN_TOKEN
 * unset they do not exist: the same JSON 404 as any unknown /api path. Wrong tokens are counted per
 * client address in the database (security/rate-limit.ts); past the limit every attempt from that
 * address, right token or not, gets 429 with Retry-After until the window moves on.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIContext } from 'astro';
import { config } from '~/server/config.ts';
import { HttpError, notFound } from '~/server/http.ts';
import { clientKey } from './client-address.ts';
import { assertUnderLimit, recordHit, type Limit } from './rate-limit.ts';

export const adminTokenLimit: Limit = { bucket: 'admin:token', max: 10, windowMs: 15 * 60_000 };

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function requireAdmin(context: Pick<APIContext, 'request' | 'url' | 'clientAddress'>): Promise<void> {
  const token = config.adminToken;
  if (!token) throw notFound(`No API endpoint at ${context.url.pathname}`);
  const key = clientKey(context);
  await assertUnderLimit(adminTokenLimit, key);
  const given = /^Bearer\s+(\S+)\s*$/i.exec(context.request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) {
    await recordHit(adminTokenLimit, key);
    throw new HttpError(401, 'This endpoint needs the admin token: Authorization: Bearer <ADMIN_TOKEN>', 'unauthorized', undefined, { 'www-authenticate': 'Bearer' });
  }
}
