/**
 * GET /metrics, answered by the production server before the request reaches Astro: Prometheus' text
 * format, only with `Authorization: Bearer $METRICS_TOKEN` (unset: 404, as for any unknown path; a wrong
 * token: 401). Under `npm start`'s workers the answer covers every worker: this worker asks the cluster's
 * primary, which gathers each worker's metrics and aggregates them (prom-client's AggregatorRegistry,
 * scripts/metrics-primary.mjs). Run alone, the process answers its own.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import { register } from './metrics.ts';
import { log } from './log.ts';
import { env } from '~/server/config/env.ts';

export const METRICS_REQUEST = 'aurelle:metrics-request';
export const METRICS_ANSWER = 'aurelle:metrics-answer';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isMetricsRequest(req: IncomingMessage): boolean {
  return req.url === '/metrics' || req.url?.startsWith('/metrics?') === true;
}

export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = env('METRICS_TOKEN');
  const send = (status: number, body: string, type = 'application/json; charset=utf-8', extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
    res.end(body);
  };
  if (!token) return send(404, JSON.stringify({ message: 'Not found', code: 'not_found' }));
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(405, JSON.stringify({ message: 'Use GET for this endpoint', code: 'method_not_allowed' }), undefined, { allow: 'GET' });
  const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token))) {
    return send(
      401,
      JSON.stringify({ message: 'This endpoint needs the metrics token: Authorization: Bearer <METRICS_TOKEN>', code: 'unauthorized' }),
      undefined,
      { 'www-authenticate': 'Bearer' },
    );
  }
  try {
    const text = cluster.isWorker && process.send ? await clusterMetrics() : await register.metrics();
    send(200, text, register.contentType);
  } catch (error) {
    log.error({ err: error }, 'Metrics could not be gathered');
    send(503, JSON.stringify({ message: 'The metrics could not be gathered; try again', code: 'unavailable' }), undefined, { 'retry-after': '5' });
  }
}

let asked = 0;
const waiting = new Map<number, (answer: { text?: string; error?: string }) => void>();

if (cluster.isWorker) {
  // The primary's AggregatorRegistry asks each worker for its metrics through prom-client's own
  // listener, which a worker adds when it makes one.
  new client.AggregatorRegistry();
  process.on('message', (message: { type?: string; id?: number; text?: string; error?: string }) => {
    if (message?.type !== METRICS_ANSWER || message.id === undefined) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
}

function clusterMetrics(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer within 10 s'));
    }, 10_000);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    });
    process.send!({ type: METRICS_REQUEST, id });
  });
}
