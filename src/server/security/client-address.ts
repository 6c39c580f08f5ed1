/**
 * Who the client is and how it reached the shop, as rate limits and cookies need it. Without
 * TRUST_PROXY, the connecting socket's address and protocol, and forwarded headers are ignored (any
 * client can write them). With TRUST_PROXY=N (N proxies in front, each adding the address it saw to
 * X-Forwarded-For), the address N places from the end of X-Forwarded-For, and X-Forwarded-Proto.
 */
import type { APIContext } from 'astro';
import { config } from '~/server/config/config.ts';

/** The key that per-client rate limits count under. */
export function clientKey(context: Pick<APIContext, 'clientAddress' | 'request'>): string {
  const proxies = config.trustedProxies;
  if (proxies) {
    const chain = (context.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const address = chain[chain.length - proxies];
    if (address) return address.slice(0, 64);
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    // The adapter could not tell (no socket address): one shared bucket rather than no limit.
    return 'unknown';
  }
}

/** Whether the shopper reached the shop over HTTPS: directly, or through a trusted TLS-terminating proxy. */
export function reachedOverHttps(secureSocket: boolean, forwardedProto: string | null | undefined): boolean {
  if (secureSocket) return true;
  return config.trustedProxies > 0 && forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}
