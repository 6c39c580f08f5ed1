import type { APIRoute } from 'astro';
import { whenReady } from '~/server/boot.ts';
import { diamondIndexHealth } from '~/server/diamonds/diamond-sync.ts';
import { json } from '~/server/http.ts';

/**
 * 200 once this server can serve, with the database kind, this process's pid (one of the workers, see
 * `WEB_CONCURRENCY`) and its diamond index (listed stones and generation; null until built); 503 while
 * it cannot serve.
 */
export const GET: APIRoute = async () => {
  try {
    const { kind } = await whenReady();
    return json({ status: 'ok', database: kind, pid: process.pid, index: diamondIndexHealth() });
  } catch {
    return json({ status: 'unavailable' }, { status: 503 });
  }
};
