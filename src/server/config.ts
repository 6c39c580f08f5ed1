/**
 * Runtime settings, read from the environment with safe defaults.
 *
 * Why process.env and not `astro:env`: the same server modules run inside the Astro server and
 * inside the database CLI (migrate, seed), which is bundled by plain Vite where `astro:env` does not
 * exist. The variables are still declared in astro.config.mjs so that Astro validates them.
 */
import path from 'node:path';

export const config = {
  get databaseUrl(): string {
    return process.env.DATABASE_URL?.trim() || 'var/shop.db';
  },
  get port(): number {
    return Number(process.env.PORT) || 4321;
  },
  get smtpUrl(): string | undefined {
    return process.env.SMTP_URL?.trim() || undefined;
  },
  /** Where the embedded mode keeps its files (SQLite database, mail, generated secret). */
  get varDir(): string {
    return path.resolve(process.env.VAR_DIR?.trim() || 'var');
  },
  /** How many diamonds the demo seed creates on an empty database. */
  get seedDiamonds(): number {
    const n = Number(process.env.SEED_DIAMONDS);
    return Number.isInteger(n) && n >= 0 ? n : 20_000;
  },
  /** The bearer token of the operators' /api/admin/ routes; unset, those routes answer 404. */
  get adminToken(): string | undefined {
    return process.env.ADMIN_TOKEN?.trim() || undefined;
  },
  /**
   * Test knobs in the page (`SHOP_TEST_KNOBS=1`, set by the browser tests' server only): the <html> element
   * carries `data-test-knobs`, so that a test may shorten the island load time-out
   * (src/features/shell/island-load.ts). Never set it on a shop that serves shoppers.
   */
  get testKnobs(): boolean {
    return process.env.SHOP_TEST_KNOBS === '1';
  },
  /**
   * TRUST_PROXY: how many proxies in front of the shop add to X-Forwarded-For (`true` = 1). Unset or 0,
   * X-Forwarded-For and X-Forwarded-Proto are ignored: any client can write them.
   */
  get trustedProxies(): number {
    const v = process.env.TRUST_PROXY?.trim().toLowerCase();
    if (v === 'true') return 1;
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
  },
  /** The largest stock file POST /api/admin/diamonds/import takes, in bytes (default 512 MB). */
  get adminImportMaxBytes(): number {
    const n = Number(process.env.ADMIN_IMPORT_MAX_BYTES);
    return Number.isInteger(n) && n > 0 ? n : 512 * 1024 * 1024;
  },
  /** Where product photographs are kept once processed (issue 32); several app servers share one. */
  get photoDir(): string {
    return path.resolve(process.env.PHOTO_DIR?.trim() || path.join(this.varDir, 'photos'));
  },
};
