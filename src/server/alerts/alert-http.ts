/** The alert endpoints' steps: the signed-in shopper (the unsubscribe link needs none), inputs read with zod. */
import type { APIContext } from 'astro';
import { getDb } from '~/server/db/database.ts';
import { json, validationError } from '~/server/http.ts';
import { readPayload } from '~/server/cart/request.ts';
import { requireCustomer } from '~/server/accounts/auth.ts';
import { alertCreateSchema, alertPathSchema, unsubscribeQuerySchema } from './alert.answers.ts';
import { createAlert, deleteAlert, listAlerts, unsubscribe } from './alert.service.ts';

export async function createOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  const input = await readPayload(context.request, alertCreateSchema);
  const { created, alert } = await createAlert(await getDb(), customer.id, input);
  const message =
    input.kind === 'saved_search'
      ? 'Your search is saved: we will e-mail you new matching diamonds once a day'
      : input.kind === 'price_drop'
        ? 'We will tell you if the price drops'
        : 'We will tell you when it is back';
  return json({ message, data: alert }, { status: created ? 201 : 200 });
}

export async function listOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  return { data: await listAlerts(await getDb(), customer.id) };
}

export async function deleteOverHttp(context: APIContext) {
  const customer = requireCustomer(context.locals);
  const parsed = alertPathSchema.safeParse(context.params);
  if (!parsed.success) throw validationError(parsed.error);
  await deleteAlert(await getDb(), customer.id, parsed.data.id);
  return { message: 'The alert is deleted' };
}

const PAGE = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Alerts</title></head><body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${text}</h1><p><a href="/">Back to the shop</a></p></body></html>`;

/**
 * GET (the link in the e-mail) and POST (a mail client's one-click, RFC 8058): the alert goes, without
 * signing in. A browser gets a page; an API client asking for JSON gets JSON.
 */
export async function unsubscribeOverHttp(context: APIContext) {
  const parsed = unsubscribeQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  await unsubscribe(await getDb(), parsed.data.a, parsed.data.s);
  const message = 'You will get no more e-mails from this alert';
  if (context.request.method === 'GET' && (context.request.headers.get('accept') ?? '').includes('text/html')) {
    return new Response(PAGE(message), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  }
  return { message };
}
