/** The staff's view of diamond holds (docs/api.md "Diamond holds and alerts"), as `npm run holds -- list|release` does. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { holdAnswerSchema, staffHoldListAnswerSchema, staffHoldQuerySchema } from './holds.answers.ts';
import { holdPathSchema } from './holds.http.ts';

export const staffHoldsEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/api/admin/holds',
    tag: 'Operators',
    access: 'admin',
    summary: 'The live diamond holds (all=1: ended ones too), newest first',
    query: staffHoldQuerySchema,
    answers: { 200: staffHoldListAnswerSchema },
    errors: [400, 401, 404, 429],
  }),
  release: defineEndpoint({
    method: 'post',
    path: '/api/admin/holds/{id}/release',
    tag: 'Operators',
    access: 'admin',
    summary: 'End a hold (by its id); the shopper is e-mailed',
    params: holdPathSchema,
    answers: { 200: holdAnswerSchema },
    errors: [401, 404, 409, 429],
  }),
};
