/** POST /admin/logout: ends the staff session and clears its cookie. */
import type { APIRoute } from 'astro';
import { endStaffSession, loadStaff } from '~/server/staff/staff-session.ts';
import { recordActivity } from '~/server/staff/activity.ts';
import { actorOf } from '~/server/staff/sign-in.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const POST: APIRoute = async (context) => {
  const staff = await loadStaff(context);
  if (staff)
    await recordActivity(actorOf(staff, clientKey(context)), { action: 'staff.sign_out', subjectType: 'staff', subjectId: staff.email, summary: 'Signed out' });
  await endStaffSession(context);
  return new Response(null, { status: 303, headers: { location: '/admin/login?notice=signed-out', 'cache-control': 'no-store' } });
};

export const ALL: APIRoute = () => new Response('Use POST to sign out', { status: 405, headers: { allow: 'POST' } });
