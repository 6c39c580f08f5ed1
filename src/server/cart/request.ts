import type { z } from 'zod';
import { HttpError, isFormPost, readBody, validationError } from '~/server/http.ts';

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

/** Kept here for the routes that import it from the cart's helpers (it lives in src/server/http.ts). */
export { methodNotAllowed } from '~/server/http.ts';
