/**
 * What the cart and wishlist endpoints share: reading a body that may come from an HTML form (the
 * add-to-cart and wishlist forms work before JavaScript loads), and answering such a form with a redirect
 * to a page instead of JSON.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { endpoint, errorResponse, HttpError, isFormPost, readBody, validationError } from '~/server/http.ts';
import { GENERIC_ERROR, shopperTextFor } from '~/lib/shopper-text.ts';

/** Form fields as an object; `ids` (or `ids[]`) and repeated fields become lists. */
async function formObject(request: Request): Promise<Record<string, unknown>> {
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

/** A JSON body (or form fields) parsed against the schema; failures are a 400 naming the field. */
export async function readPayload<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (!isFormPost(request)) return readBody(request, schema);
  const result = schema.safeParse(await formObject(request));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * An endpoint that also serves plain HTML forms: for a form post, success is a 303 to `page` and a
 * failure a 303 to `page?error=…` (the page shows the message); API clients get JSON as usual.
 */
export function formAware(page: string, handler: (context: APIContext) => Promise<unknown>): APIRoute {
  const json = endpoint(handler);
  return async (context) => {
    if (!isFormPost(context.request)) return json(context);
    try {
      await handler(context);
      return context.redirect(page, 303);
    } catch (error) {
      // The page shows it to a shopper: words without a field key (src/lib/shopper-text.ts).
      const message =
        error instanceof HttpError ? shopperTextFor({ status: error.status, message: error.message, code: error.code, errors: error.errors }) : GENERIC_ERROR;
      if (!(error instanceof HttpError)) errorResponse(error); // logs it
      return context.redirect(`${page}?error=${encodeURIComponent(message)}`, 303);
    }
  };
}

/** Kept here for the routes that import it from the cart's helpers (it lives in src/server/http.ts). */
export { methodNotAllowed } from '~/server/http.ts';
