/**
 * Plain HTML forms, the one way: the shop's buttons (add to cart, wishlist, hold, alert, hint, newsletter,
 * cancel an appointment) are real forms that work before JavaScript loads. Their post reads as an object
 * of fields, parsed by the same schema as the JSON body; the answer is a 303 to a page, as the endpoint's
 * `form` declares (define.ts): the message or an outcome code in the address, or sign in first.
 */
import type { APIContext } from 'astro';
import { isSameSitePath } from '~/lib/same-site-path.ts';
import { GENERIC_ERROR, shopperTextFor } from '~/lib/shopper-text.ts';
import { errorResponse, HttpError } from '~/server/endpoint/http.ts';
import type { FormReply } from './define.ts';

/** A body posted by a plain HTML form, not JSON. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** Form fields as an object; `ids` (or `ids[]`) and repeated fields become lists. */
export async function formFields(request: Request): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new HttpError(400, 'The form could not be read', 'bad_request');
  }
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((v): v is string => typeof v === 'string');
    const name = key.replace(/\[\]$/, '');
    out[name] = name === 'ids' || values.length > 1 ? values : values[0];
  }
  return out;
}

/**
 * A page of this shop as a URL writes it (control characters gone, the rest percent-encoded), else
 * undefined: another host, or a path a browser reads as another site (`//evil.example/`), is never followed.
 */
function sameSite(context: APIContext, page: string): string | undefined {
  try {
    const url = new URL(page, context.url);
    const path = url.pathname + url.search;
    if (url.host === context.url.host && isSameSitePath(path)) return path;
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

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/**
 * Runs the endpoint for a form post and answers with a 303 as `reply` says. `run` gets the form's fields
 * and gives the answer (a Response or its JSON value); a refusal (HttpError) goes back to the page in
 * words a shopper reads, anything else is logged and goes back as the generic words.
 */
export async function answerForm(context: APIContext, reply: FormReply, run: (fields: Record<string, unknown>) => Promise<unknown>): Promise<Response> {
  const fields = await formFields(context.request);
  const fallback = typeof reply.page === 'function' ? reply.page(context, fields) : reply.page;
  const page = reply.back ? backTo(context, fallback) : fallback;
  // The outcome code is the page's state: it takes the place of an earlier post's.
  const outcome = (code: string) => {
    const address = new URL(page, context.url);
    address.searchParams.set(reply.outcome!.param, code);
    if (reply.outcome!.hash) address.hash = reply.outcome!.hash;
    return seeOther(address.pathname + address.search + address.hash);
  };
  try {
    const answer = await run(fields);
    const status = answer instanceof Response ? answer.status : 200;
    if (reply.outcome) return outcome(reply.outcome.of({ status }));
    const message = reply.notice ? await messageOf(answer) : undefined;
    return seeOther(message ? withParam(page, 'notice', message) : page);
  } catch (error) {
    if (reply.outcome) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      return outcome(reply.outcome.of({ status: error.status, error }));
    }
    if (!(error instanceof HttpError)) {
      errorResponse(error); // logs it
      return seeOther(withParam(page, 'error', GENERIC_ERROR));
    }
    if (reply.signIn && error.status === 401) return seeOther(`/customer?redirect=${encodeURIComponent(page)}`);
    const words = shopperTextFor({ status: error.status, message: error.message, code: error.code, errors: error.errors });
    return seeOther(withParam(page, 'error', words));
  }
}

async function messageOf(answer: unknown): Promise<string | undefined> {
  const body =
    answer instanceof Response
      ? await answer
          .clone()
          .json()
          .catch(() => ({}))
      : answer;
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
