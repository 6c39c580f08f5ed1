/**
 * The key that per-client rate limits count under: the address of the connecting client. Forwarded
 * headers are ignored because any client can write them; behind a proxy, the proxy's own limits apply.
 */
import type { APIContext } from 'astro';

export function clientKey(context: Pick<APIContext, 'clientAddress'>): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // The adapter could not tell (no socket address): one shared bucket rather than no limit.
    return 'unknown';
  }
}
