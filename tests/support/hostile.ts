/**
 * fast-check generators of hostile requests: malformed JSON, wrong types, missing and extra fields, huge
 * strings, deep nesting, unicode, SQL and HTML metacharacters, negative and enormous numbers, garbage path
 * parameters and query strings. Field names come from the API's API so that bodies get past the first
 * "unknown field" and reach the deeper rules.
 */
import fc from 'fast-check';

export const FIELDS = [
  'email',
  'password',
  'password_confirmation',
  'old_password',
  'new_password',
  'new_password_confirmation',
  'first_name',
  'last_name',
  'gender',
  'phone',
  'date_of_birth',
  'token',
  'id',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'postcode',
  'default_address',
  'addr_type',
  'address_type',
  'subscriber_email',
  'payload',
  'type',
  'user_id',
  'page',
  'limit',
  'sort',
  'order',
  'qty',
  'quantity',
  'product_id',
  'diamond_id',
  'variant_id',
  'item_id',
  'coupon_code',
  'code',
  'shape',
  'carat',
  'price',
  'cut',
  'color',
  'clarity',
  'filters',
  'q',
  'redirect',
  'options',
  'metal',
  'ring_size',
];

const SQL = ["' OR '1'='1", "'; DROP TABLE customers; --", '" OR ""="', '1; SELECT pg_sleep(5)', "\\'", '%', '_', '--', '/*', "admin'--"];
const HTML = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '{{7*7}}', '${7*7}'];
const UNICODE = ['\u0000', '\u202e', '\ud800', '\udfff', '𝓤𝓷𝓲𝓬𝓸𝓭𝓮', '👩‍👩‍👧‍👦', 'ﷺ', 'İ', '\u200b', '\r\n', '١٢٣'];
const NUMBERS = [-1, 0, -0, 1.5, -2147483649, 2 ** 31, 2 ** 53 + 2, 2 ** 63, 1e21, 1e308, -1e308, Number.MIN_VALUE];

const hugeString = fc.integer({ min: 2_000, max: 300_000 }).map((n) => 'é'.repeat(n));
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...SQL, ...HTML, ...UNICODE),
  hugeString,
  fc.emailAddress(),
  fc.tuple(fc.emailAddress(), fc.constantFrom(...SQL, ...HTML)).map(([email, tail]) => email + tail),
);
const hostileScalar = fc.oneof(hostileString, fc.integer(), fc.double(), fc.constantFrom(...NUMBERS), fc.boolean(), fc.constant(null));
const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  fc.array(hostileScalar, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), hostileScalar, { maxKeys: 4 }),
);

/** Raw JSON texts that JSON.stringify cannot produce: broken syntax, Infinity, deep nesting. */
const rawTexts = fc.oneof(
  fc.constantFrom('{', '{"email":', '[1,2', '{"a":1}}', 'nul', "{'a':1}", '{"a":NaN}', '\u0000', '{"id":1e400,"page":-1e999,"qty":1e400}', '"\ud800"'),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 50, max: 20_000 }).map((n) => `${'{"filters":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 50, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
);

export const hostileBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.record(Object.fromEntries(FIELDS.map((f) => [f, hostileValue])), { requiredKeys: [] }).map((o) => JSON.stringify(o)) },
  {
    weight: 2,
    arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  },
  { weight: 2, arbitrary: rawTexts },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export const hostileParam = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('-1', '0', '1e999', '99999999999999999999999', '1.5', 'NaN', 'null', '0x10', '%00', '..', ' ', ...SQL, ...HTML, ...UNICODE),
  fc.string({ minLength: 1, maxLength: 30 }),
);

/** Query strings stay under Node's 16 KB header limit, so that they reach our code (and the body is read). */
export const hostileQuery = fc.dictionary(
  fc.constantFrom('page', 'limit', 'sort', 'order', 'q', 'redirect', 'id', 'shape', 'price_min', 'price_max', 'carat', 'filters', 'token', 'email'),
  fc.oneof({ weight: 8, arbitrary: hostileParam }, { weight: 1, arbitrary: hugeString.map((s) => s.slice(0, 600)) }),
  { maxKeys: 4 },
);

export const contentType = fc.constantFrom<string | undefined>(
  'application/json',
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  undefined,
);

export const authMode = fc.constantFrom('token', 'token', 'none', 'garbage');

/** A value as a form field carries it: hostile strings, percent-encoded or not, sometimes with a broken escape. */
const formValue = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%f', '%ff', '%E0%A4%A', '%C0%AF', '+', '&', '=', '%00') },
);

/** Form bodies: fields the shop's forms use (and `_action`s its pages offer), raw and malformed. */
export const hostileForm: fc.Arbitrary<{ type: string; body: string }> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'login',
          'register',
          'logout',
          'verify',
          'profile',
          'password',
          'address-save',
          'address-delete',
          'address-default',
          'pay',
          'cancel',
          'x',
        ),
        fc.dictionary(
          fc.constantFrom(...FIELDS, 'ids', 'ids[]', 'token', 'metal_code', 'selected_size', 'subscriber_email', 'date', 'time', 'name', 'message'),
          formValue,
          { maxKeys: 8 },
        ),
      )
      .map(([action, fields]) => ({
        type: 'application/x-www-form-urlencoded',
        body: [`_action=${action}`, ...Object.entries(fields).map(([k, v]) => `${encodeURIComponent(k)}=${v}`)].join('&'),
      })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((body) => ({ type: 'application/x-www-form-urlencoded', body })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('x', '', '"quoted"'), fc.string({ maxLength: 60 })).map(([boundary, junk]) => ({
      type: `multipart/form-data; boundary=${boundary}`,
      body: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${junk}\r\n--x--\r\n`,
    })),
  },
  // Just under and just over the 1 MB limit.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(1024 * 1024 - 64, 1024 * 1024 + 1, 3 * 1024 * 1024)
      .map((n) => ({ type: 'application/x-www-form-urlencoded', body: `_action=login&email=${'a'.repeat(n)}` })),
  },
);

/** Broken `%` escapes and over-long segments, to put into a path. */
export const malformedSegment = fc.oneof(
  fc.constantFrom('%', '%f', '%zz', '%ff', '%E0%A4%A', '%C0%AF', '%%', '%u0041', '%ED%A0%80', 'a%2', '%GG'),
  fc
    .tuple(
      fc.string({ maxLength: 10 }).map((s) => encodeURIComponent(s)),
      fc.constantFrom('%', '%f', '%zz', '%ff'),
    )
    .map(([a, b]) => a + b),
  fc.integer({ min: 8_200, max: 15_000 }).map((n) => 'a'.repeat(n)),
);
