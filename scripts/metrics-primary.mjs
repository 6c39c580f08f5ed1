// The cluster primary's one part in GET /metrics (src/server/observe/metrics.http.ts): a worker that is
// asked for the metrics asks the primary, which gathers every worker's (prom-client's AggregatorRegistry:
// counters and histograms added up, per-worker gauges kept apart by their `worker` label, gauges read
// from the database taken once) and sends the text back to that worker.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Call once in the primary, before forking. */
export function aggregateMetrics(cluster) {
  const { AggregatorRegistry } = require('prom-client');
  const registry = new AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== 'aurelle:metrics-request') return;
    registry.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: 'aurelle:metrics-answer', id: message.id, text }),
      (error) => worker.isConnected() && worker.send({ type: 'aurelle:metrics-answer', id: message.id, error: error.message }),
    );
  });
}
