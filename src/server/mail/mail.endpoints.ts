/** The mail outbox for operators (docs/api.md "Operators"), as `npm run mail -- list|resend` does on the command line. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { mailListAnswerSchema, mailListQuerySchema, mailPathSchema, mailResendAnswerSchema } from './mail.answers.ts';

export const mailEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/api/admin/mail',
    tag: 'Operators',
    access: 'admin',
    summary: 'The mail outbox, newest first: every message with its status (pending, sent, failed), attempts and last error',
    query: mailListQuerySchema,
    answers: { 200: mailListAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
  resend: defineEndpoint({
    method: 'post',
    path: '/api/admin/mail/{id}/resend',
    tag: 'Operators',
    access: 'admin',
    summary: 'Queue a message again (failed, or sent and wanted again): tried at once, its attempts counted from zero',
    params: mailPathSchema,
    answers: { 200: mailResendAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
};
