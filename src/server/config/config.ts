/**
 * Runtime settings, read from the environment (src/server/config/env.ts checks every variable) with safe defaults.
 *
 * Why process.env and not `astro:env`: the same server modules run inside the Astro server and
 * inside the database CLI (migrate, seed), which is bundled by plain Vite where `astro:env` does not
 * exist. The variables are still declared in astro.config.mjs so that Astro validates them.
 */
import path from 'node:path';
import { env } from './env.ts';

export const config = {
  get databaseUrl(): string {
    return env('DATABASE_URL');
  },
  get port(): number {
    return env('PORT');
  },
  get smtpUrl(): string | undefined {
    return env('SMTP_URL');
  },
  /** Where the embedded mode keeps its files (SQLite database, mail, generated secret). */
  get varDir(): string {
    return path.resolve(env('VAR_DIR'));
  },
  /** How many diamonds the demo seed creates on an empty database. */
  get seedDiamonds(): number {
    return env('SEED_DIAMONDS');
  },
  /** The bearer token of the operators' /api/admin/ routes; unset, those routes answer 404. */
  get adminToken(): string | undefined {
    return env('ADMIN_TOKEN');
  },
  /**
   * Test knobs in the page (`SHOP_TEST_KNOBS=1`, set by the browser tests' server only): the <html> element
   * carries `data-test-knobs`, so that a test may shorten the island load time-out
   * (src/features/shell/island-load.ts). Never set it on a shop that serves shoppers.
   */
  get testKnobs(): boolean {
    return env('SHOP_TEST_KNOBS') === '1';
  },
  /**
   * TRUST_PROXY: how many proxies in front of the shop add to X-Forwarded-For (`true` = 1). Unset or 0,
   * X-Forwarded-For and X-Forwarded-Proto are ignored: any client can write them.
   */
  get trustedProxies(): number {
    const v = env('TRUST_PROXY')?.toLowerCase();
    if (v === 'true') return 1;
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
  },
  /** The largest stock file POST /api/admin/diamonds/import takes, in bytes (default 512 MB). */
  get adminImportMaxBytes(): number {
    return env('ADMIN_IMPORT_MAX_BYTES');
  },
  /** Where product photographs are kept once processed; several app servers share one. */
  get photoDir(): string {
    return path.resolve(env('PHOTO_DIR') || path.join(this.varDir, 'photos'));
  },
};
