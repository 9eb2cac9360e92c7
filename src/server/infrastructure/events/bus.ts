import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { postgresDriver } from "../../db/database.js";

/** Topics of live updates. Payloads are small hints; clients refetch the data they show. */
export type LiveEvent =
  | { topic: "slots"; slotId?: string; packageTypes?: string[] }
  | { topic: "workshops"; workshopId?: string }
  | { topic: "internships" }
  | { topic: "user"; userId: string; kind: "notification" | "booking" }
  /**
   * Ended sign-in sessions of a user (`sessionId`, or every one when null): sign-out, a revocation, erasure. Every
   * process forgets them and ends their streams at once (docs/decisions/0300-every-revocation-ends-streams.md). Never
   * streamed.
   */
  | { topic: "session_revoked"; userId: string; sessionId: string | null }
  /**
   * Sent locally after the live channel was down, when revocations may have been missed: every cached session is
   * forgotten and every stream's session looked up again. Never streamed.
   */
  | { topic: "sessions_unsure" }
  /** An admin removed: their open admin streams end in every process. Never streamed. */
  | { topic: "admin_removed"; email: string }
  /** The interview room's messages between processes (modules/rooms/live.ts); `id` names a stored row. Never streamed. */
  | {
      topic: "room";
      bookingId: string;
      kind: "join" | "here" | "leave" | "signal" | "code";
      from: string;
      role: "student" | "interviewer";
      id?: string;
    };

export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** False while events cannot cross processes (the LISTEN connection is down); /api/ready reports it. */
  live(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "careerprep_live";

/** One process: an in-memory emitter. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    live: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Reconnect delays: 0.25 s doubling to 10 s, then every 10 s for as long as it takes. */
export const LISTEN_BACKOFF_MS = { first: 250, max: 10_000 } as const;

/**
 * What a process may have missed while it could not hear other processes: every list and every
 * cached session is refreshed (docs/decisions/0004-session-cache.md).
 */
const AFTER_RECONNECT: LiveEvent[] = [
  { topic: "slots" },
  { topic: "workshops" },
  { topic: "internships" },
  { topic: "sessions_unsure" },
];

/**
 * Several processes on one PostgreSQL: every publish goes through NOTIFY and every process,
 * the publisher included, delivers it to its own subscribers on LISTEN. The LISTEN connection is
 * its own client (not one of the pool's), so a lost one is always replaced by a new connection,
 * retried with backoff until it succeeds.
 */
export async function createPostgresBus(pool: pg.Pool, log: FastifyBaseLogger): Promise<EventBus> {
  const local = createLocalBus();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay: number = LISTEN_BACKOFF_MS.first;

  const deliver = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      void local.publish(JSON.parse(msg.payload) as LiveEvent);
    } catch (err) {
      log.warn({ err }, "bad live event payload");
    }
  };

  const lost = (broken: pg.Client, err: unknown) => {
    if (client !== broken) return;
    client = undefined;
    broken.removeAllListeners("notification");
    void broken.end().catch(() => undefined);
    if (closed) return;
    log.error({ err }, "live event channel lost its connection; reconnecting");
    schedule();
  };

  const connect = async (): Promise<void> => {
    const next = new (postgresDriver().pg.Client)(pool.options);
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next, new Error("connection ended")));
    next.on("notification", deliver);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      next.removeAllListeners();
      next.on("error", () => undefined);
      await next.end().catch(() => undefined);
      throw err;
    }
    // Only a listening connection counts; until then lost() ignores this one.
    client = next;
  };

  function schedule(): void {
    retry = setTimeout(async () => {
      retry = undefined;
      if (closed) return;
      try {
        await connect();
        log.info("live event channel reconnected");
        delay = LISTEN_BACKOFF_MS.first;
        for (const event of AFTER_RECONNECT) void local.publish(event);
      } catch (err) {
        log.warn({ err, retryInMs: delay }, "live event channel still down");
        delay = Math.min(delay * 2, LISTEN_BACKOFF_MS.max);
        if (!closed) schedule();
      }
    }, delay);
  }

  await connect();

  const publish = batchedNotify(pool);
  return {
    publish,
    subscribe: local.subscribe,
    live: () => client !== undefined && !closed,
    async close() {
      closed = true;
      clearTimeout(retry);
      await local.close();
      const listener = client;
      client = undefined;
      if (listener) {
        listener.removeAllListeners();
        listener.on("error", () => undefined);
        await listener.end().catch(() => undefined);
      }
    },
  };
}

interface Batch {
  payloads: Set<string>;
  done: Promise<void>;
}

/**
 * NOTIFY costs a round trip. Events published while one is on its way go out together in the next
 * one (identical events once), so a burst of seat changes
 * costs a few round trips instead of one each. `publish` resolves once its event is sent.
 */
function batchedNotify(pool: pg.Pool): (event: LiveEvent) => Promise<void> {
  let next: Batch | undefined;
  let sending: Promise<void> = Promise.resolve();

  const send = async (payloads: Set<string>) => {
    await pool.query("select pg_notify($1, payload) from unnest($2::text[]) as payload", [CHANNEL, [...payloads]]);
  };

  return (event) => {
    if (!next) {
      const payloads = new Set<string>();
      const done = sending.then(() => {
        if (next?.payloads === payloads) next = undefined;
        return send(payloads);
      });
      // The next batch waits for this one, whether it was sent or failed.
      sending = done.catch(() => undefined);
      next = { payloads, done };
    }
    next.payloads.add(JSON.stringify(event));
    return next.done;
  };
}
