/** POST /api/subscribe — the newsletter sign-up (JSON, or a plain HTML form before JavaScript). */
import { endpoint, isFormPost, readJson, methodNotAllowed } from '~/server/http.ts';
import { subscribeForm, subscribeJson } from '~/server/newsletter/newsletter.http.ts';
import { clientKey } from '~/server/security/client-address.ts';

export const POST = endpoint(async (context) => {
  const { request, url } = context;
  if (isFormPost(request)) return subscribeForm(request, url, clientKey(context));
  return subscribeJson(await readJson(request), clientKey(context));
});

export const ALL = methodNotAllowed('POST');
