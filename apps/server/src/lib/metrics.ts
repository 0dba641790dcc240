import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One sample of a gauge: a value, with labels when the gauge declares label names. */
type GaugeSample = number | { labels: Record<string, string>; value: number }[];

interface GaugeDefinition {
  /** Prometheus name, `carpool_` first, unit last (`_seconds`, `_bytes`, `_total` only for counters). */
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Read at every scrape; a failure is logged and shows as NaN (no series, with labels) in that scrape. */
  collect: () => GaugeSample | Promise<GaugeSample>;
}

export interface Metrics {
  readonly registry: Registry;
  /**
   * Adds a gauge read at every scrape, for a module that owns a quantity (a queue's depth, for
   * example). The module keeps no metric object of its own: it says how to read the number.
   */
  registerGauge(definition: GaugeDefinition): void;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly periodicJobRuns: Counter<'outcome'>;
  /** The Prometheus text of every metric. */
  render(): Promise<string>;
}

/**
 * A registry per app instance (tests build many apps in one process, and prom-client's global
 * registry would refuse the second app's metrics), with the process metrics and the HTTP ones.
 */
export function createMetrics(onCollectError: (name: string, error: unknown) => void): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'carpool_' });
  const httpRequests = new Counter({
    name: 'carpool_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpRequestDuration = new Histogram({
    name: 'carpool_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const periodicJobRuns = new Counter({
    name: 'carpool_periodic_job_runs_total',
    help: 'Periodic job runs by outcome: ran, skipped (another process held the lock) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  return {
    registry,
    httpRequests,
    httpRequestDuration,
    periodicJobRuns,
    registerGauge({ name, help, labelNames = [], collect }) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          let sample: GaugeSample;
          try {
            sample = await collect();
          } catch (error) {
            onCollectError(name, error);
            // Not the last value, nor 0: neither would be true.
            if (labelNames.length === 0) this.set(Number.NaN);
            return;
          }
          if (typeof sample === 'number') this.set(sample);
          else for (const { labels, value } of sample) this.set(labels, value);
        },
      });
    },
    render: () => registry.metrics(),
  };
}
