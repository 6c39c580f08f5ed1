/**
 * GET /api/admin/mail and POST /api/admin/mail/{id}/resend: the outbox over HTTP, behind the admin token
 * (security/admin-token.ts), as `npm run mail -- list [--failed] | resend ID` does on the command line.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { getDb } from '~/server/db/database.ts';
import { badRequest, notFound, validationError } from '~/server/http.ts';
import { requireAdmin } from '~/server/security/admin-token.ts';
import { listOutbox, resend } from './outbox.ts';
import { recordActivity } from '~/server/staff/activity.ts';
import { mailListQuerySchema, mailPathSchema, type mailListAnswerSchema, type mailResendAnswerSchema } from './mail.answers.ts';

export async function listOverHttp(context: APIContext): Promise<z.output<typeof mailListAnswerSchema>> {
  await requireAdmin(context);
  const parsed = mailListQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  const { status, failed, limit } = parsed.data;
  if (failed && status && status !== 'failed')
    throw badRequest('failed: cannot be combined with another status', { failed: ['cannot be combined with another status'] });
  const data = await listOutbox(await getDb(), { status: failed ? 'failed' : status, limit });
  return { data: data as z.output<typeof mailListAnswerSchema>['data'] };
}

export async function resendOverHttp(context: APIContext): Promise<z.output<typeof mailResendAnswerSchema>> {
  const actor = await requireAdmin(context);
  const parsed = mailPathSchema.safeParse(context.params);
  if (!parsed.success) throw badRequest('id: must be a message number', { id: ['must be a message number'] });
  const entry = await resend(await getDb(), parsed.data.id);
  if (!entry) throw notFound(`No message ${parsed.data.id} in the outbox`);
  await recordActivity(actor, {
    action: 'mail.resend',
    subjectType: 'mail',
    subjectId: String(entry.id),
    summary: `Queued message ${entry.id} to be sent again`,
  });
  return { message: `Message ${entry.id} is queued to be sent again`, data: entry as z.output<typeof mailResendAnswerSchema>['data'] };
}
