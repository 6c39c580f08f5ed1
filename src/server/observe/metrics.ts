/**
 * The shop's Prometheus metrics (prom-client). prom-client is an external package of both bundles (the
 * production server, src/server/serve.ts, and the Astro app), so its default registry is one per process;
 * each metric is made once (`metric()` finds it when the other bundle made it first). Metrics that read
 * the database (orders by status, the outbox) are gauges every worker computes alike: they aggregate by
 * `max`, the per-worker ones carry a `worker` label (the pid), the rest add up across workers
 * (GET /metrics, src/server/observe/metrics-http.ts; the cluster's primary gathers them: scripts/metrics-primary.mjs).
 */
import client, { type Metric } from 'prom-client';

export const register = client.register;

function metric<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

const KEY = Symbol.for('aurelle.default-metrics');
const holder = globalThis as typeof globalThis & { [KEY]?: true };
if (!holder[KEY]) {
  holder[KEY] = true;
  // Process CPU, memory, handles, GC, and the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
  client.collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
}

export const requestDuration = metric(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const requestsTotal = metric(
  'http_requests_total',
  () =>
    new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
    }),
);

export const responseBytes = metric(
  'http_response_bytes_total',
  () =>
    new client.Counter({
      name: 'http_response_bytes_total',
      help: 'Bytes sent in answer bodies (after compression), by route pattern',
      labelNames: ['route'] as const,
    }),
);

export const diamondSearchDuration = metric(
  'aurelle_diamond_search_duration_seconds',
  () =>
    new client.Histogram({
      name: 'aurelle_diamond_search_duration_seconds',
      help: 'Time of one diamond search: change-log sync, index search and row reads',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    }),
);

export const importRuns = metric(
  'aurelle_import_runs_total',
  () =>
    new client.Counter({
      name: 'aurelle_import_runs_total',
      help: 'Diamond stock imports run by this server (POST /api/admin/diamonds/import), by result',
      labelNames: ['result'] as const,
    }),
);

export const importRows = metric(
  'aurelle_import_rows_total',
  () =>
    new client.Counter({
      name: 'aurelle_import_rows_total',
      help: 'Rows of diamond stock imports by outcome (inserted, updated, unchanged, delisted, rejected, skipped)',
      labelNames: ['outcome'] as const,
    }),
);

export const mailSent = metric(
  'aurelle_mail_sent_total',
  () => new client.Counter({ name: 'aurelle_mail_sent_total', help: 'E-mails delivered to the SMTP server (or written to var/mail)' }),
);

export const mailAttemptFailures = metric(
  'aurelle_mail_send_failures_total',
  () =>
    new client.Counter({
      name: 'aurelle_mail_send_failures_total',
      help: 'Failed delivery attempts (each retried until the last), by whether it was the last',
      labelNames: ['final'] as const,
    }),
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
