import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { SlotDays, SlotListing } from "../../../shared/schemas/booking.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import { buildSlot } from "../../test/builders.js";
import { describeTwoInstances } from "../../test/test-app.js";

describeTwoInstances("slots by day: two app instances on one PostgreSQL", (apps) => {
  it("a hold taken on one instance empties the other's cached day and summary", async () => {
    const { first, second } = apps();
    const day = addDays(zonedDate(new Date(), "Asia/Kolkata"), 12);
    const startAt = zonedToInstant(day, "18:00", "Asia/Kolkata").toISOString();
    const slot = await buildSlot(first.app.deps.db, {
      start_at: startAt,
      end_at: new Date(Date.parse(startAt) + 45 * 60_000).toISOString(),
      capacity: 1,
    });
    const seatsLeft = async () =>
      (await second.inject({ url: `/api/slots?package=service&date=${day}` }))
        .json<{ slots: SlotListing[] }>()
        .slots.find((s) => s.id === slot.id)?.seatsLeft;
    const free = async () =>
      (await second.inject({ url: "/api/slots/days?package=service" }))
        .json<SlotDays>()
        .days.find((d) => d.date === day)?.free;
    // Both cached on the second instance with the seat free.
    expect(await seatsLeft()).toBe(1);
    expect(await free()).toBe(1);

    const cookie = await first.signIn(`by-day-${randomUUID()}@example.com`);
    const hold = await first.request({
      method: "POST",
      url: "/api/holds",
      cookie,
      payload: { kind: "mock", targetId: slot.id },
    });
    expect(hold.statusCode).toBe(201);
    // Within the cache's one second: emptied by the event that came through NOTIFY, not by time.
    await expect.poll(seatsLeft, { timeout: 900, interval: 20 }).toBe(0);
    await expect.poll(free, { timeout: 900, interval: 20 }).toBe(0);
  });
});
