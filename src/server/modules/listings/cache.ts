import type { EventBus, LiveEvent } from "../../infrastructure/events/bus.js";

interface Entry {
  body: Buffer;
  expires: number;
}

/**
 * Serialized listing responses (encoded once, sent as bytes), kept until something they show
 * changes. Every seat or slot change publishes a live event (across processes on PostgreSQL),
 * which empties the matching entries; a short time-to-live covers what changes by itself (a slot
 * starting, a hold running out). Requests arriving while an entry is built wait for that one
 * build instead of each running the same queries. The first request after an entry ran out by time
 * waits for its rebuild, so it sees what changed without an event (a row written by another tool);
 * requests arriving while that one rebuild runs get the entry that ran out (for one more time-to-live,
 * never one a change emptied), so a busy list never stalls on its once-a-second rebuild. Seat
 * decisions never read this cache: they count inside their own statement.
 */
export function createListingCache(bus: EventBus, ttlMs = 1_000, now = Date.now) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Buffer>>();
  /** Bumped by every change of a topic: a build that started before it is not kept. */
  const versions = new Map<string, number>();
  const topicOf = (key: string) => key.split(":")[0] ?? key;

  const unsubscribe = bus.subscribe((event: LiveEvent) => {
    versions.set(event.topic, (versions.get(event.topic) ?? 0) + 1);
    for (const key of entries.keys()) if (topicOf(key) === event.topic) entries.delete(key);
    for (const key of building.keys()) if (topicOf(key) === event.topic) building.delete(key);
  });

  const rebuild = (key: string, build: () => Promise<string>): Promise<Buffer> => {
    const version = versions.get(topicOf(key)) ?? 0;
    const pending = build()
      .then((text) => {
        const body = Buffer.from(text);
        if ((versions.get(topicOf(key)) ?? 0) === version) entries.set(key, { body, expires: now() + ttlMs });
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
    get(key: string, build: () => Promise<string>): Promise<Buffer> {
      const hit = entries.get(key);
      const at = now();
      if (hit && hit.expires > at) return Promise.resolve(hit.body);
      const pending = building.get(key);
      if (!pending) return rebuild(key, build);
      return hit && hit.expires + ttlMs > at ? Promise.resolve(hit.body) : pending;
    },
    close: unsubscribe,
  };
}
