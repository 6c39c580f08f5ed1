/**
 * Holds every JSON answer of the API suites to the OpenAPI document the server serves
 * (GET /api/openapi.json): the schema for that path template, method and status must accept it. Used by
 * the one test HTTP client (tests/support/http-client.ts), so that no test has to ask for it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>> };

interface Checker {
  doc: Doc;
  templates: { template: string; pattern: RegExp; params: number }[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv2020;
}

const checkers = new Map<string, Promise<Checker>>();
const DOC_ID = 'https://aurelle.invalid/openapi.json';

async function load(base: string): Promise<Checker> {
  const res = await fetch(`${base}/api/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const doc = (await res.json()) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    // A fixed segment wins over a parameter (/api/wishlist/count before /api/wishlist/{id}).
    .sort((a, b) => a.params - b.params);
  return { doc, templates, validators: new Map(), ajv };
}

/** The document's parts under test are the API's: /api/… and the catalogue's /catalog/…. */
const isApiPath = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/catalog/');

function validatorFor(checker: Checker, ref: string): ValidateFunction {
  let validate = checker.validators.get(ref);
  if (!validate) checker.validators.set(ref, (validate = checker.ajv.compile({ $ref: `${DOC_ID}${ref}` })));
  return validate;
}

/**
 * Throws, with the path, the status and the validator's errors, when a JSON answer of the API is not
 * what the document says for it. Answers that are not JSON (redirects, pages, images) are not its business.
 */
export async function checkAnswer(base: string, method: string, url: string, status: number, headers: Headers, body: unknown): Promise<void> {
  const pathname = new URL(url, base).pathname.replace(/(.)\/$/, '$1');
  if (!isApiPath(pathname) || !headers.get('content-type')?.includes('json') || typeof body === 'string') return;
  let checker = checkers.get(base);
  if (!checker) checkers.set(base, (checker = load(base)));
  const c = await checker;
  const where = `${method} ${pathname} → ${status}`;
  const found = c.templates.find((t) => t.pattern.test(pathname));
  const operation = found && c.doc.paths[found.template]![method.toLowerCase()];
  let ref: string | undefined;
  if (!operation) {
    // No operation there: the catch-all's 404, a 405 naming the methods the path serves, or what the
    // server refuses before any route (a NUL or a malformed escape in the address, a body over 1 MB or
    // late, an address over the limit, another site): errors.
    if (![400, 403, 404, 405, 408, 413, 414, 503].includes(status))
      throw new Error(`${where}: the OpenAPI document has no ${method} ${found?.template ?? pathname}, yet it answered ${status}`);
    ref = '#/components/schemas/Error';
  } else {
    const answer = operation.responses[String(status)];
    if (!answer)
      throw new Error(
        `${where}: status ${status} is not documented for ${method} ${found!.template} (documented: ${Object.keys(operation.responses).join(', ')}); body: ${JSON.stringify(body).slice(0, 300)}`,
      );
    ref = answer.content?.['application/json']?.schema.$ref;
    if (!ref) throw new Error(`${where}: the document says ${method} ${found!.template} ${status} has no JSON body, yet it has one`);
  }
  const validate = validatorFor(c, ref);
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
    throw new Error(
      `${where}: the answer does not match the OpenAPI document (${found?.template ?? 'Error'} ${status}, ${ref}):\n  ${errors.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}
