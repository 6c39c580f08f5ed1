/**
 * The shop's Prometheus metrics (prom-client). prom-client is an external package of both bundles (the
 * production server, src/server/runtime/serve.ts, and the Astro app), so its default registry is one per process;
 * each metric is made once (`metric()` finds it when the other bundle made it first). Metrics that read
 * the database (orders by status, the outbox) are gauges every worker computes alike: they aggregate by
 * `max`, the per-worker ones carry a `worker` label (the pid), the rest add up across workers
 * (GET /metrics, src/server/observe/metrics.http.ts; the cluster's primary gathers them: scripts/metrics-primary.mjs).
 */
import client, { type Metric } from 'prom-client';

export const register = client.register;

function metric<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

/** A counter, made once per process. */
function counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
  return metric(name, () => new client.Counter<L>({ name, help, labelNames }));
}

/** A histogram with these buckets, made once per process. */
function histogram<L extends string = never>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) {
  return metric(name, () => new client.Histogram<L>({ name, help, buckets, labelNames }));
}

const KEY = Symbol.for('aurelle.default-metrics');
const holder = globalThis as typeof globalThis & { [KEY]?: true };
if (!holder[KEY]) {
  holder[KEY] = true;
  // Process CPU, memory, handles, GC, and the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
  client.collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
}

export const requestDuration = histogram(
  'http_request_duration_seconds',
  'Time to answer an HTTP request, by method, route pattern and status',
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  ['method', 'route', 'status'],
);

export const requestsTotal = counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']);

export const responseBytes = counter('http_response_bytes_total', 'Bytes sent in answer bodies (after compression), by route pattern', ['route']);

export const diamondSearchDuration = histogram(
  'aurelle_diamond_search_duration_seconds',
  'Time of one diamond search: change-log sync, index search and row reads',
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
);

export const importRuns = counter('aurelle_import_runs_total', 'Diamond stock imports run by this server (POST /api/admin/diamonds/import), by result', [
  'result',
]);

export const importRows = counter(
  'aurelle_import_rows_total',
  'Rows of diamond stock imports by outcome (inserted, updated, unchanged, delisted, rejected, skipped)',
  ['outcome'],
);

export const mailSent = counter('aurelle_mail_sent_total', 'E-mails delivered to the SMTP server (or written to var/mail)');

export const mailAttemptFailures = counter(
  'aurelle_mail_send_failures_total',
  'Failed delivery attempts (each retried until the last), by whether it was the last',
  ['final'],
);

/** A gauge whose value is read at scrape time. */
export function gaugeOnScrape(
  name: string,
  help: string,
  labelNames: string[],
  aggregator: 'sum' | 'max' | 'omit',
  collect: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
): void {
  if (register.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    aggregator,
    async collect() {
      this.reset();
      await collect((labels, value) => this.set(labels, value));
    },
  });
}
