/**
 * Every environment variable the shop reads, declared once with its check (zod) and its default. The
 * README's environment table lists the same names (tests/unit/env.test.ts holds the two together).
 *
 * `env(NAME)` answers the checked value, or the default when the variable is unset, blank or not valid;
 * `envProblems()` names every variable that is set but not valid, and the server says so once at start-up
 * (src/server/runtime/serve.ts, src/server/runtime/cli.ts) instead of failing: a start that worked before this check still
 * works. Values are read when asked, not cached: a test may change a variable between two calls.
 *
 * A new variable: one line in VARS below and one row at the end of the README's table.
 * Plain modules that cannot import this file (scripts/*.mjs, tests/) read their few variables themselves;
 * they are declared here with `read: 'elsewhere'` so that the table stays whole.
 */
import path from 'node:path';
import { z } from 'zod';

interface Var<T> {
  schema: z.ZodType<T>;
  fallback: T;
  /** Read by this module's callers (default) or only by scripts/ and tests/. */
  read?: 'elsewhere';
}

const v = <T>(schema: z.ZodType<T>, fallback: T, read?: 'elsewhere'): Var<T> => ({ schema, fallback, read });
const num = z.coerce.number();
/** A whole number from `min` to `max`. */
const whole = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) => v(num.int().min(min).max(max), fallback);
/** A number above zero (fractions allowed). */
const positive = (fallback: number) => v(num.positive(), fallback);
const text = (read?: 'elsewhere') => v<string | undefined>(z.string(), undefined, read);
const flag = (read?: 'elsewhere') => v<'0' | '1' | undefined>(z.enum(['0', '1']), undefined, read);

export const VARS = {
  DATABASE_URL: v(z.string(), 'var/shop.db'),
  PORT: whole(4321, 1, 65535),
  PG_POOL_MAX: whole(10),
  PG_CONNECT_TIMEOUT_MS: whole(5000),
  TRUST_PROXY: text(),
  WEB_CONCURRENCY: text('elsewhere'),
  HOST: text(),
  SHUTDOWN_TIMEOUT_SECONDS: positive(10),
  READY_TIMEOUT_SECONDS: positive(120),
  RELOAD_CHECK: flag('elsewhere'),
  SHOP_DEMO: flag(),
  SEED_DIAMONDS: whole(20_000, 0),
  SMTP_URL: text(),
  SITE_URL: text(),
  MAIL_FROM: text(),
  STAFF_EMAIL: text(),
  MAIL_MAX_ATTEMPTS: whole(10, 1, 100),
  MAIL_RETRY_BASE_SECONDS: positive(30),
  MAIL_RETRY_MAX_SECONDS: positive(3600),
  MAIL_POLL_MS: v(num.min(50), 1000),
  LOG_LEVEL: text(),
  LOG_PRETTY: flag(),
  LOG_REPEAT_SECONDS: positive(10),
  METRICS_TOKEN: text(),
  LOGIN_IP_LIMIT: whole(50),
  PUBLIC_CATALOG_API: text('elsewhere'),
  TEST_DATABASE_URL: text('elsewhere'),
  VAR_DIR: v(z.string(), 'var'),
  ADMIN_TOKEN: text(),
  PAYMENT_PROVIDER: text(),
  PAYMENT_TEST_GATEWAY: flag(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_API_URL: text(),
  STRIPE_CAPTURE: text(),
  UNPAID_CARD_HOLD_MINUTES: v<number | undefined>(num.int().positive(), undefined),
  UNPAID_TRANSFER_HOLD_HOURS: v<number | undefined>(num.int().positive(), undefined),
  ORDER_EXPIRY_INTERVAL_SECONDS: positive(60),
  REGISTER_IP_LIMIT: whole(10),
  NOW_OFFSET: text(),
  NOW_OFFSET_FILE: text(),
  SITEMAP_DIAMONDS_PER_FILE: whole(50_000, 1, 50_000),
  ADMIN_IMPORT_MAX_BYTES: whole(512 * 1024 * 1024),
  MAX_CONNECTIONS_PER_ADDRESS: v<number | undefined>(num.int().min(0), undefined),
  HEADERS_TIMEOUT_MS: whole(10_000, 0),
  BODY_TIMEOUT_MS: whole(30_000, 0),
  REQUEST_TIMEOUT_MS: whole(900_000, 0),
  SCRYPT_CONCURRENCY: v<number | undefined>(num.int().positive(), undefined),
  SCRYPT_NICE: whole(10, 0, 19),
  SHARE_IMAGE_FILES: whole(5_000),
  ANALYTICS_DAILY_LIMIT: whole(1000),
  ANALYTICS_RETENTION_DAYS: positive(90),
  SHOP_TEST_KNOBS: flag(),
  CHECK_ANSWERS: flag(),
  // Test only (NODE_ENV=test): a pause inside each expiry transaction (src/server/orders/order-lifecycle.ts).
  ORDER_EXPIRY_TEST_PAUSE_MS: v(num.positive(), 0),
  NODE_ENV: text(),
  SERVER_CERT_PATH: text(),
  SERVER_KEY_PATH: text(),
  DIAMOND_HOLD_HOURS: positive(48),
  DIAMOND_HOLDS_PER_CUSTOMER: whole(1),
  DIAMOND_HOLD_REMINDER_HOURS: positive(6),
  ALERTS_INTERVAL_SECONDS: positive(60),
  HINTS_PER_SHOPPER_PER_DAY: whole(5),
  HINTS_PER_ADDRESS_PER_DAY: whole(2),
  PHOTO_DIR: text(),
  STAFF_IDLE_MINUTES: positive(30),
  SUPPLIER_MEDIA_DIR: text(),
  SUPPLIER_MEDIA_TIMEOUT_MS: positive(10_000),
  SUPPLIER_MEDIA_WAIT_MS: v(num.min(0), 1500),
  SUPPLIER_MEDIA_MAX_BYTES: whole(8 * 1024 * 1024),
  SUPPLIER_MEDIA_CONCURRENCY: whole(4),
  SUPPLIER_MEDIA_CACHE_MAX_BYTES: whole(5 * 1024 ** 3),
  FETCH_PRIVATE_NETWORKS: flag(),
  INIT_CWD: text(),
} satisfies Record<string, Var<unknown>>;

export type EnvName = keyof typeof VARS;
type Value<K extends EnvName> = (typeof VARS)[K] extends Var<infer T> ? T : never;

/** The variable's checked value; its default when unset, blank or not valid. */
export function env<K extends EnvName>(name: K, source: NodeJS.ProcessEnv = process.env): Value<K> {
  const spec = VARS[name] as Var<Value<K>>;
  const raw = source[name]?.trim();
  if (!raw) return spec.fallback;
  const parsed = spec.schema.safeParse(raw);
  return parsed.success ? parsed.data : spec.fallback;
}

/** One line for each variable that is set but not valid (its default is used instead). */
export function envProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(VARS) as [EnvName, Var<unknown>][]) {
    const raw = source[name]?.trim();
    if (!raw) continue;
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? 'not valid';
      problems.push(
        `${name}=${JSON.stringify(source[name])} is not valid (${why}): ${spec.fallback === undefined ? 'it is ignored' : `the default ${JSON.stringify(spec.fallback)} is used`}`,
      );
    }
  }
  return problems;
}

/** A file named on an `npm run …` command line, read from the folder the command was typed in (npm sets INIT_CWD). */
export const callerPath = (file: string) => path.resolve(env('INIT_CWD') ?? process.cwd(), file);
