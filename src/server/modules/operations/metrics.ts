import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Gauge as GaugeClass, Registry } from "prom-client";
import { BOOKING_KINDS } from "../../../shared/constants.js";
import { AppError } from "../../../shared/errors.js";
import { API_MESSAGES } from "../../../shared/messages.js";
import type { AppDeps } from "../../app-deps.js";
import { openStreamCount } from "../../plugins/sse.js";
import {
  type CountRow,
  countActiveHoldsByKind,
  countJobsByStatus,
  countPaymentsByStatus,
  countSoldSeatsByKind,
} from "./repository.js";

/** Compares in constant time, so the token cannot be guessed a character at a time. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function gaugeOf(
  registry: Registry,
  Gauge: typeof GaugeClass,
  name: string,
  help: string,
  label: string,
  count: () => Promise<CountRow[]>,
  known: readonly string[],
): void {
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await count();
      // Every known value is reported, 0 included, so a series never vanishes from a dashboard.
      for (const value of known) this.set({ [label]: value }, 0);
      for (const row of rows) this.set({ [label]: row.label }, row.count);
    },
  });
}

/** The business's gauges, read from the database at each scrape: every instance reports the same totals. */
function registerBusinessGauges(registry: Registry, Gauge: typeof GaugeClass, deps: AppDeps): void {
  const kinds = BOOKING_KINDS;
  gaugeOf(
    registry,
    Gauge,
    "careerprep_seats_held",
    "Seats held right now, by kind.",
    "kind",
    () => countActiveHoldsByKind(deps.db, new Date().toISOString()),
    kinds,
  );
  gaugeOf(
    registry,
    Gauge,
    "careerprep_seats_sold",
    "Seats sold (confirmed, completed or no-show), by kind.",
    "kind",
    () => countSoldSeatsByKind(deps.db),
    kinds,
  );
  gaugeOf(
    registry,
    Gauge,
    "careerprep_payments",
    "Payments by state.",
    "status",
    () => countPaymentsByStatus(deps.db),
    ["created", "paid", "failed", "refunded", "refund_pending"],
  );
  gaugeOf(
    registry,
    Gauge,
    "careerprep_jobs",
    "Jobs waiting, running, or failed for good.",
    "status",
    () => countJobsByStatus(deps.db),
    ["pending", "running", "failed"],
  );
  new Gauge({
    name: "careerprep_heavy_reads_running",
    help: "Heavy reads (dashboard, console bookings and audit log, data export, invoice CSVs) running on this instance.",
    registers: [registry],
    collect() {
      this.set(deps.heavyReads.running);
    },
  });
  new Gauge({
    name: "careerprep_heavy_reads_waiting",
    help: "Heavy reads waiting for their turn on this instance (HEAVY_READ_CONCURRENCY run at once).",
    registers: [registry],
    collect() {
      this.set(deps.heavyReads.waiting);
    },
  });
  new Gauge({
    name: "careerprep_live_streams",
    help: "Live update streams open on this instance.",
    registers: [registry],
    collect() {
      this.set(openStreamCount(deps.bus));
    },
  });
}

/** `GET /metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN (docs/operations.md). */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const token = config.metricsToken;
  if (!token) return;
  // Loaded only with a token (plugins/metrics.ts): without one nothing is collected.
  const { Gauge } = await import("prom-client");
  registerBusinessGauges(app.metrics, Gauge, app.deps);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHENTICATED", API_MESSAGES.metricsTokenRequired);
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.metrics());
  });
};
