import type { APIRoute } from 'astro';
import { whenReady } from '~/server/runtime/boot.ts';
import { probeDatabase } from '~/server/db/database.ts';
import { parseDatabaseUrl } from '~/server/db/url.ts';
import { config } from '~/server/config/config.ts';
import { databaseDownSince, RETRY_AFTER_SECONDS } from '~/server/db/outage.ts';
import { diamondIndexHealth } from '~/server/diamonds/diamond-sync.ts';
import { json } from '~/server/endpoint/http.ts';

/**
 * 200 once this server can serve, with the database kind, this process's pid (one of the workers, see
 * `WEB_CONCURRENCY`) and its diamond index (listed stones and generation; null until built); 503 while
 * it cannot serve: `{"status":"unavailable","database":kind,"reason":…,"since":…}` with Retry-After.
 * PostgreSQL is asked on every call (`select 1`, 2 s at most), so the answer follows an outage both ways (SQLite is a file held open: db/database.ts probeDatabase).
 */
export const GET: APIRoute = async () => {
  try {
    const conn = await whenReady();
    await probeDatabase(conn);
    return json({ status: 'ok', database: conn.kind, pid: process.pid, index: diamondIndexHealth() });
  } catch (error) {
    const since = databaseDownSince();
    return json(
      {
        status: 'unavailable',
        database: databaseKind(),
        pid: process.pid,
        reason: error instanceof Error ? error.message : String(error),
        ...(since ? { since: new Date(since).toISOString() } : {}),
      },
      { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    );
  }
};

function databaseKind(): string {
  try {
    return parseDatabaseUrl(config.databaseUrl).kind;
  } catch {
    return 'unknown';
  }
}
