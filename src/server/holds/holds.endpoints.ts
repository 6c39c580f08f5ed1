/** The shopper's diamond holds (docs/api.md "Diamond holds and alerts"): hold a stone, release it, list them. */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { holdAnswerSchema, holdListAnswerSchema } from './holds.answers.ts';
import { holdPathSchema } from './holds.http.ts';

export const holdsEndpoints = {
  hold: defineEndpoint({
    method: 'post',
    path: '/api/diamonds/{id}/hold',
    tag: 'Holds',
    access: 'customer',
    summary: 'Hold an available diamond for DIAMOND_HOLD_HOURS: nobody else can buy it meanwhile (?_method=DELETE: release, for plain forms)',
    params: holdPathSchema,
    // Before JavaScript: back to the page the button was on (else the stone's), the message in ?notice=.
    form: { page: (context) => `/diamonds/${context.params.id}`, back: true, notice: true, signIn: true },
    answers: { 200: holdAnswerSchema },
    errors: [401, 404, 409],
  }),
  release: defineEndpoint({
    method: 'delete',
    path: '/api/diamonds/{id}/hold',
    tag: 'Holds',
    access: 'customer',
    summary: 'Release your hold on a diamond',
    params: holdPathSchema,
    answers: { 200: holdAnswerSchema },
    errors: [401, 404],
  }),
  list: defineEndpoint({
    method: 'get',
    path: '/api/holds',
    tag: 'Holds',
    access: 'customer',
    summary: "The shopper's holds, live first, and the limits",
    answers: { 200: holdListAnswerSchema },
    errors: [401],
  }),
};
