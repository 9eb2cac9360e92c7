import type { EventBus, LiveEvent } from "../events/bus.js";

/**
 * Serialized listing responses, kept until something they show changes. Every seat or slot change
 * publishes a live event (across processes on PostgreSQL), which empties the matching entries;
 * a short time-to-live covers what changes by itself (a slot starting, a hold running out).
 * Seat decisions never read this cache: they count inside their own transaction.
 */
export function createListingCache(bus: EventBus, ttlMs = 1_000) {
  const entries = new Map<string, { body: string; expires: number }>();
  const topicOf = (key: string) => key.split(":")[0];
  const unsubscribe = bus.subscribe((event: LiveEvent) => {
    for (const key of entries.keys()) if (topicOf(key) === event.topic) entries.delete(key);
  });
  return {
    async get(key: string, build: () => Promise<string>): Promise<string> {
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.body;
      const body = await build();
      entries.set(key, { body, expires: Date.now() + ttlMs });
      return body;
    },
    close: unsubscribe,
  };
}
