import type { FastifyInstance } from "fastify";
import { expireStalePendingBookings } from "../bookings/index.js";
import { deleteExpiredHolds } from "../holds/index.js";
import { sweepWaitlists } from "../waitlist/offers.js";

const SWEEP_MS = 30_000;

/**
 * Seat counts already ignore expired holds and payment windows; the sweeper tidies the rows,
 * tells live lists to refresh, so students see a freed seat within half a minute, and offers
 * seats freed by time (or offers that lapsed) to the students waiting for them.
 */
export async function sweepExpiredSeats(app: FastifyInstance, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const holds = await deleteExpiredHolds(app.deps.db, nowIso);
  const bookings = await expireStalePendingBookings(app.deps.db, nowIso);
  if (holds + bookings > 0) {
    await app.deps.bus.publish({ topic: "slots" });
    await app.deps.bus.publish({ topic: "workshops" });
    await app.deps.bus.publish({ topic: "internships" });
  }
  await sweepWaitlists(app.deps, now);
  return holds + bookings;
}

export function startSeatSweeper(app: FastifyInstance): void {
  const timer = setInterval(() => {
    sweepExpiredSeats(app).catch((err: unknown) => app.log.error({ err }, "seat sweep failed"));
  }, SWEEP_MS);
  timer.unref();
  app.deps.stoppers.push(() => clearInterval(timer));
}
