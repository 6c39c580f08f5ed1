/** The analytics endpoint: the shop's own page events (docs/api.md "Newsletter and analytics"). */
import { collectSchema } from '~/features/analytics/analytics.schema.ts';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { collectAnswerSchema } from './analytics.service.ts';

export const analyticsEndpoints = {
  collect: defineEndpoint({
    method: 'post',
    path: '/api/analytics/collect',
    tag: 'Analytics',
    summary: 'Record one page event',
    body: collectSchema,
    answers: { 202: collectAnswerSchema },
    errors: [429],
  }),
};
