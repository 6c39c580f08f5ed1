/** What the alert routes answer beyond the declarations (alerts.endpoints.ts): the words of a new alert, the unsubscribe page. */
import type { Db } from '~/server/db/database.ts';
import { json } from '~/server/endpoint/http.ts';
import type { AlertCreate } from './alerts.answers.ts';
import { createAlert, unsubscribe } from './alerts.service.ts';

/** Creates the alert (201), or finds the same one already there (200), with words for what it watches. */
export async function createAnswer(db: Db, customerId: number, input: AlertCreate): Promise<Response> {
  const { created, alert } = await createAlert(db, customerId, input);
  const message =
    input.kind === 'saved_search'
      ? 'Your search is saved: we will e-mail you new matching diamonds once a day'
      : input.kind === 'price_drop'
        ? 'We will tell you if the price drops'
        : 'We will tell you when it is back';
  return json({ message, data: alert }, { status: created ? 201 : 200 });
}

const PAGE = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Alerts</title></head><body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${text}</h1><p><a href="/">Back to the shop</a></p></body></html>`;

/**
 * GET (the link in the e-mail) and POST (a mail client's one-click, RFC 8058): the alert goes, without
 * signing in. A browser gets a page; an API client asking for JSON gets JSON.
 */
export async function unsubscribeAnswer(request: Request, db: Db, link: { a: number; s: string }) {
  await unsubscribe(db, link.a, link.s);
  const message = 'You will get no more e-mails from this alert';
  if (request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html')) {
    return new Response(PAGE(message), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  }
  return { message };
}
