/**
 * Operators' routes under /api/admin/ answer only `Authorization: Bearer $ADMIN_TOKEN`. With ADMIN_TOKEN
 * unset they do not exist: the same JSON 404 as any unknown /api path.
 *
 * The right token is always let in: wrong tokens sent by others (any address, any number) never lock the
 * operator out. Wrong tokens are counted per client address in the database (security/rate-limit.ts),
 * each counted before it is answered; past the limit that address's wrong tokens get 429 with
 * Retry-After instead of 401. The token itself must be long and random (docs/api.md): a limit that the
 * right token passes cannot be what keeps guessers out.
 *
 * The back office: without an Authorization header, a signed-in staff member's session cookie
 * (src/server/staff/staff-session.ts) opens the same routes, within their role's rights, decided by the
 * route's path (src/server/staff/roles.ts rightForPath: every route under /api/admin/ is covered, later
 * ones too). A role without the right gets 403; an account that must set up two-factor first gets 403.
 * The answer is who acted (an Actor), for the activity record. Cross-site requests are refused before
 * (src/server/security/origin.ts), and the cookie is SameSite=Strict besides. With neither, ADMIN_TOKEN unset
 * still answers 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIContext } from 'astro';
import { config } from '~/server/config/config.ts';
import { HttpError, notFound } from '~/server/endpoint/http.ts';
import { clientKey } from './client-address.ts';
import { take, type Limit } from './rate-limit.ts';
import { loadStaff } from '~/server/staff/staff-session.ts';
import { can, rightForPath } from '~/server/staff/roles.ts';
import { TOKEN_ACTOR, type Actor } from '~/server/staff/activity.ts';
import { actorOf } from '~/server/staff/sign-in.ts';

export const adminTokenLimit: Limit = { bucket: 'admin:token', max: 10, windowMs: 15 * 60_000 };

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function requireAdmin(context: Pick<APIContext, 'request' | 'url' | 'clientAddress' | 'cookies' | 'locals'>): Promise<Actor> {
  const token = config.adminToken;
  if (!context.request.headers.has('authorization')) {
    const staff = await loadStaff(context);
    if (staff) {
      const right = rightForPath(context.url.pathname);
      if (staff.mustEnrol) throw new HttpError(403, 'Two-factor sign-in is required: set it up at /admin/account first', 'two_factor_required');
      if (!can(staff.role, right)) throw new HttpError(403, `Your role (${staff.role}) cannot use ${context.url.pathname}`, 'forbidden');
      return actorOf(staff, clientKey(context));
    }
  }
  if (!token) throw notFound(`No API endpoint at ${context.url.pathname}`);
  const given = /^Bearer\s+(\S+)\s*$/i.exec(context.request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (timingSafeEqual(digest(given), digest(token))) return TOKEN_ACTOR(clientKey(context));
  await take([{ limit: adminTokenLimit, key: clientKey(context) }]);
  throw new HttpError(401, 'This endpoint needs the admin token: Authorization: Bearer <ADMIN_TOKEN>', 'unauthorized', undefined, {
    'www-authenticate': 'Bearer',
  });
}
