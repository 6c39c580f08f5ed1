/** "Drop a hint" (docs/api.md "Diamond holds and alerts"): the signed-in shopper e-mails a diamond, a piece or a built ring to an address. */
import { z } from 'zod';
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { hintSchema } from './hints.service.ts';

export const hintsEndpoints = {
  drop: defineEndpoint({
    method: 'post',
    path: '/api/hints',
    tag: 'Alerts',
    access: 'customer',
    summary:
      'Drop a hint: e-mail a diamond, a piece or a built ring (picture and link, optional note) to an address; limited per shopper and per address a day',
    body: hintSchema,
    // Before JavaScript: back to the page the button was on (else the home page), the message in ?notice=.
    form: { page: '/', back: true, notice: true, signIn: true },
    // The answer never repeats the recipient's address.
    answers: { 200: z.object({ message: z.string() }) },
    errors: [401, 404, 429],
  }),
};
