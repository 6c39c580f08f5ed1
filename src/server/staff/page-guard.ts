/**
 * The back office's door (src/middleware.ts, every /admin path): a signed-out visitor is sent to
 * /admin/login (and back after signing in); a staff member who must set up two-factor first is sent to
 * /admin/account; a role without the page's right sees the 403 page (/admin/forbidden, rewritten).
 */
import type { APIContext } from 'astro';
import { loadStaff, STAFF_COOKIE } from './staff-session.ts';
import { can, rightForPath } from './roles.ts';

export const isBackOfficePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

const OPEN = new Set(['/admin/login']);

/** A same-site /admin path to return to after signing in, else the dashboard. */
export function backOfficeRedirect(value: string | null | undefined): string {
  return value && /^\/admin(\/|$|\?)/.test(value) && !value.startsWith('//') && !/[\\\r\n]/.test(value) ? value : '/admin';
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

export async function guardBackOffice(context: APIContext): Promise<Response | 'forbidden' | undefined> {
  const { pathname } = context.url;
  const staff = await loadStaff(context);
  if (OPEN.has(pathname)) return undefined;
  if (!staff) {
    // A cookie whose session is over: idle past the time-out (or ended elsewhere).
    const notice = context.cookies.get(STAFF_COOKIE)?.value ? 'notice=timed-out&' : '';
    if (notice) context.cookies.delete(STAFF_COOKIE, { path: '/' });
    const response = redirect(`/admin/login?${notice}redirect=${encodeURIComponent(pathname + context.url.search)}`);
    return response;
  }
  if (staff.mustEnrol && pathname !== '/admin/account' && pathname !== '/admin/logout') return redirect('/admin/account?notice=two-factor-required');
  if (!can(staff.role, rightForPath(pathname))) return 'forbidden';
  return undefined;
}
