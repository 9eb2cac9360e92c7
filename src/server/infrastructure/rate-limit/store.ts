import { createHash } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../../db/database.js";
import { countHit, findHits } from "./repository.js";

/** A budget's row key: the limit's name in clear, the client (an address, a user, a phone) hashed. */
export function limitKey(limit: string, client: string): string {
  return `${limit}|${createHash("sha256").update(client).digest("base64url")}`;
}

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * A store for @fastify/rate-limit over our database, so every instance on one database spends
 * one budget (docs/decisions/0110-rate-limits-in-the-database.md). A row's key is the limit (the
 * route) in clear, so an operator can see which limit is hit, and a hash of the client key, so
 * no address or e-mail is stored.
 */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  const answer = (pending: Promise<{ hits: number; resetsAt: number }>, now: number, callback: Callback) => {
    pending.then(
      ({ hits, resetsAt }) => callback(null, { current: hits, ttl: Math.max(0, resetsAt - now) }),
      (err: Error) => callback(err),
    );
  };

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly limit = "",
    ) {}

    private rowKey(key: string): string {
      return limitKey(this.limit, key);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      answer(countHit(db, this.rowKey(key), timeWindow, now), now, callback);
    }

    read(key: string, callback: Callback): void {
      const now = Date.now();
      answer(findHits(db, this.rowKey(key), now), now, callback);
    }

    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new DatabaseStore(undefined, route?.url ? `${String(route.method)} ${String(route.url)}` : this.limit);
    }
  }
  return DatabaseStore;
}
