import zlib from "node:zlib";
import type { EventBus, LiveEvent } from "../../infrastructure/events/bus.js";
import type { Page } from "../../plugins/pages.js";

interface Entry {
  body: Page;
  expires: number;
}

/**
 * A listing's bytes with their compressed copies, each made once, by the first request that
 * accepts it: 2,000 slots' first 200 are about 57 KB of JSON and 6 KB in Brotli, made in about
 * 0.3 ms (quality 4: the copy lives a second or until a seat changes, so speed beats the last byte).
 */
export function compressedOnce(identity: Buffer): Page {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      br ??= zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      });
      return br;
    },
    get gzip() {
      gzip ??= zlib.gzipSync(identity, { level: 6 });
      return gzip;
    },
  };
}

/**
 * Serialized listing responses (encoded once, sent as bytes, compressed once per encoding asked
 * for), kept until something they show
 * changes. Every seat or slot change publishes a live event (across processes on PostgreSQL),
 * which empties the matching entries; a short time-to-live covers what changes by itself (a slot
 * starting, a hold running out). Requests arriving while an entry is built wait for that one
 * build instead of each running the same queries. The first request after an entry ran out by time
 * waits for its rebuild, so it sees what changed without an event (a row written by another tool);
 * requests arriving while that one rebuild runs get the entry that ran out (for one more time-to-live,
 * never one a change emptied), so a busy list never stalls on its once-a-second rebuild. Seat
 * decisions never read this cache: they count inside their own statement. At most `maxEntries` are kept,
 * the oldest built first out: the routes accept only keys of a bounded set (three plans, their days
 * ahead), and the cap holds even as days roll over.
 */
export function createListingCache(bus: EventBus, ttlMs = 1_000, now = Date.now, maxEntries = 512) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Page>>();
  /** Bumped by every change of a topic: a build that started before it is not kept. */
  const versions = new Map<string, number>();
  const topicOf = (key: string) => key.split(":")[0] ?? key;

  const unsubscribe = bus.subscribe((event: LiveEvent) => {
    versions.set(event.topic, (versions.get(event.topic) ?? 0) + 1);
    for (const key of entries.keys()) if (topicOf(key) === event.topic) entries.delete(key);
    for (const key of building.keys()) if (topicOf(key) === event.topic) building.delete(key);
  });

  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
  };

  const rebuild = (key: string, build: () => Promise<string>): Promise<Page> => {
    const version = versions.get(topicOf(key)) ?? 0;
    const pending = build()
      .then((text) => {
        const body = compressedOnce(Buffer.from(text));
        if ((versions.get(topicOf(key)) ?? 0) === version) keep(key, { body, expires: now() + ttlMs });
        return body;
      })
      .catch((err: unknown) => {
        // A failed rebuild drops the entry that ran out: the next request builds again.
        entries.delete(key);
        throw err;
      })
      .finally(() => {
        if (building.get(key) === pending) building.delete(key);
      });
    building.set(key, pending);
    return pending;
  };

  return {
    get(key: string, build: () => Promise<string>): Promise<Page> {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.expires > at) return Promise.resolve(hit.body);
      const pending = building.get(key);
      if (!pending) return rebuild(key, build);
      return hit && hit.expires + ttlMs > at ? Promise.resolve(hit.body) : pending;
    },
    /** Entries kept (for tests). */
    get size() {
      return entries.size;
    },
    close: unsubscribe,
  };
}
