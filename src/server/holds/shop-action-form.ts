/**
 * The hold and alert buttons are real forms: with JavaScript they post JSON (shop-actions.client.ts);
 * before it loads, the browser posts the form, and gets a 303 back to the page it came from (the message
 * in `?notice=` or `?error=`), or to sign in first. API clients get JSON as usual.
 */
import type { APIContext, APIRoute } from 'astro';
import { endpoint, errorResponse, HttpError } from '~/server/http.ts';
import { isFormPost } from '~/server/http.ts';
import { GENERIC_ERROR, shopperTextFor } from '~/lib/shopper-text.ts';

/** A same-site path as a URL writes it (control characters gone, the rest percent-encoded), else the home page. */
function sameSite(context: APIContext, page: string): string | undefined {
  try {
    const url = new URL(page, context.url);
    if (url.host === context.url.host) return url.pathname + url.search;
  } catch {
    // not an address
  }
  return undefined;
}

/** The same-site page the form was on (its Referer), else `fallback`: always a path a Location header can carry. */
function backTo(context: APIContext, fallback: string): string {
  const referer = context.request.headers.get('referer');
  return (referer && /^https?:/i.test(referer) ? sameSite(context, referer) : undefined) ?? sameSite(context, fallback) ?? '/';
}

const withParam = (page: string, name: string, value: string) => `${page}${page.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

export function shopActionForm(fallback: (context: APIContext) => string, handler: (context: APIContext) => Promise<unknown>): APIRoute {
  const json = endpoint(handler);
  return async (context) => {
    if (!isFormPost(context.request)) return json(context);
    const page = backTo(context, fallback(context));
    try {
      const answer = (await handler(context)) as { message?: string } | Response;
      const message =
        answer instanceof Response
          ? (
              (await answer
                .clone()
                .json()
                .catch(() => ({}))) as { message?: string }
            ).message
          : answer.message;
      return context.redirect(message ? withParam(page, 'notice', message) : page, 303);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return context.redirect(`/customer?redirect=${encodeURIComponent(page)}`, 303);
      const message =
        error instanceof HttpError ? shopperTextFor({ status: error.status, message: error.message, code: error.code, errors: error.errors }) : GENERIC_ERROR;
      if (!(error instanceof HttpError)) errorResponse(error); // logs it
      return context.redirect(withParam(page, 'error', message), 303);
    }
  };
}
