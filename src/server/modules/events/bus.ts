import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";

/** Topics of live updates. Payloads are small hints; clients refetch the data they show. */
export type LiveEvent =
  | { topic: "slots"; slotId?: string; packageTypes?: string[] }
  | { topic: "workshops"; workshopId?: string }
  | { topic: "internships" }
  | { topic: "user"; userId: string; kind: "notification" | "booking" }
  /** A signed-out session (hash of its cookie): every process forgets it at once. Never streamed. */
  | { topic: "session_revoked"; key: string };

export interface EventBus {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
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
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several processes on one PostgreSQL: every publish goes through NOTIFY and every process,
 * the publisher included, delivers it to its own subscribers on LISTEN.
 */
export async function createPostgresBus(pool: pg.Pool, log: FastifyBaseLogger): Promise<EventBus> {
  const local = createLocalBus();
  let client: pg.PoolClient | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    client = await pool.connect();
    client.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        void local.publish(JSON.parse(msg.payload) as LiveEvent);
      } catch (err) {
        log.warn({ err }, "bad live event payload");
      }
    });
    client.on("error", (err) => {
      if (closed) return;
      log.warn({ err }, "live event listener lost its connection; reconnecting");
      const broken = client;
      client = undefined;
      broken?.release(true);
      if (!closed) setTimeout(() => void connect().catch((e) => log.error({ err: e }, "reconnect failed")), 1000);
    });
    await client.query(`LISTEN ${CHANNEL}`);
  };
  await connect();

  const publish = batchedNotify(pool);
  return {
    publish,
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      const listener = client;
      client = undefined;
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        listener.removeAllListeners("notification");
        listener.release();
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
