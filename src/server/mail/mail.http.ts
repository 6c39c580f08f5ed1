/**
 * GET /api/admin/mail and POST /api/admin/mail/{id}/resend: the outbox over HTTP, behind the admin token
 * (security/admin-token.ts), as `npm run mail -- list [--failed] | resend ID` does on the command line.
 */
import type { RouteInput } from '~/server/endpoint/route.ts';
import type { mailEndpoints } from './mail.endpoints.ts';
import type { z } from 'zod';
import { badRequest, notFound } from '~/server/endpoint/http.ts';
import { listOutbox, resend } from './outbox.ts';
import { recordActivity } from '~/server/staff/activity.ts';
import { type mailListAnswerSchema, type mailResendAnswerSchema } from './mail.answers.ts';

export async function listOverHttp({ db, query }: RouteInput<typeof mailEndpoints.list>): Promise<z.output<typeof mailListAnswerSchema>> {
  const { status, failed, limit } = query;
  if (failed && status && status !== 'failed')
    throw badRequest('failed: cannot be combined with another status', { failed: ['cannot be combined with another status'] });
  const data = await listOutbox(db, { status: failed ? 'failed' : status, limit });
  return { data: data as z.output<typeof mailListAnswerSchema>['data'] };
}

export async function resendOverHttp({ db, actor, params }: RouteInput<typeof mailEndpoints.resend>): Promise<z.output<typeof mailResendAnswerSchema>> {
  const entry = await resend(db, params.id);
  if (!entry) throw notFound(`No message ${params.id} in the outbox`);
  await recordActivity(actor, {
    action: 'mail.resend',
    subjectType: 'mail',
    subjectId: String(entry.id),
    summary: `Queued message ${entry.id} to be sent again`,
  });
  return { message: `Message ${entry.id} is queued to be sent again`, data: entry as z.output<typeof mailResendAnswerSchema>['data'] };
}
