import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's Prometheus registry: two apps in one process never share a series. */
    metrics: Registry;
  }
}

const GAUGES_NAMED_LIKE_COUNTERS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/**
 * Request latencies by route pattern (never the raw URL: ids would explode the series). Only
 * with METRICS_TOKEN: without it nobody can read them, so prom-client is not even loaded and no
 * request pays for a histogram (docs/operations.md, Memory).
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { collectDefaultMetrics, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Only counters may end in `_total` (Prometheus's naming rules, which `promtool check metrics` applies);
  // each of these gauges is the sum of the by-type series beside it: `sum(nodejs_active_handles)`.
  for (const name of GAUGES_NAMED_LIKE_COUNTERS) registry.removeSingleMetric(name);
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its response, by method, route pattern and status.",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  app.decorate("metrics", registry);
  app.addHook("onResponse", async (request, reply) => {
    // Live streams (EventSource always asks for text/event-stream) stay open for hours; their
    // count is a gauge of its own rather than a latency.
    if (request.headers.accept === "text/event-stream") return;
    const route = request.routeOptions.url ?? "(no route)";
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
