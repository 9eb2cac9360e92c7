import { expect, it, vi } from "vitest";
import { MESSAGES } from "../../../shared/messages.js";
import type { LiveEvent } from "../../infrastructure/events/bus.js";
import { buildInterviewer } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { createSlot } from "./service.js";

describeEachDialect("admin slots: live updates and the platform day", (t) => {
  it("publishes a slots event after each write, once the change is committed", async () => {
    const cookie = await t().signInAdmin("live-admin@example.com");
    const { db, bus } = t().app.deps;
    const person = await buildInterviewer(db);
    // What the row looked like when each event arrived (PostgreSQL delivers them asynchronously).
    const seen: Promise<{ slotId: string | undefined; capacity: number | undefined }>[] = [];
    const stop = bus.subscribe((event: LiveEvent) => {
      if (event.topic !== "slots") return;
      seen.push(
        db
          .selectFrom("slots")
          .select("capacity")
          .where("id", "=", event.slotId ?? "")
          .executeTakeFirst()
          .then((row) => ({ slotId: event.slotId, capacity: row?.capacity })),
      );
    });
    const eventsFor = async (id: string, count: number) => {
      await vi.waitFor(async () => {
        expect((await Promise.all(seen)).filter((e) => e.slotId === id)).toHaveLength(count);
      });
      return (await Promise.all(seen)).filter((e) => e.slotId === id).map((e) => e.capacity);
    };
    try {
      const payload = { interviewerId: person.id, date: "2099-03-02", start: "19:00", end: "19:45" };
      const res = await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload });
      const { id } = json<{ id: string }>(res);
      expect(await eventsFor(id, 1)).toEqual([1]);
      await t().request({ method: "PUT", url: `/api/admin/slots/${id}`, cookie, payload: { ...payload, capacity: 3 } });
      expect(await eventsFor(id, 2)).toEqual([1, 3]);
      await t().request({ method: "DELETE", url: `/api/admin/slots/${id}`, cookie });
      expect(await eventsFor(id, 3)).toEqual([1, 3, undefined]);
    } finally {
      stop();
    }
  });

  it("lets only admins open the slot stream", async () => {
    expect((await t().request({ url: "/api/admin/slots/stream" })).statusCode).toBe(401);
    const student = await t().signIn("live-student@example.com");
    expect((await t().request({ url: "/api/admin/slots/stream", cookie: student })).statusCode).toBe(403);
  });

  it("judges 'today' and 'past' on the IST calendar, not UTC", async () => {
    const { deps } = t().app;
    const person = await buildInterviewer(deps.db);
    // 00:30 IST on 15 Jan 2030 is still 14 Jan in UTC.
    const now = new Date("2030-01-14T19:00:00.000Z");
    const input = {
      interviewerId: person.id,
      details: "",
      capacity: 1,
      status: "published" as const,
      meetingLink: "",
    };
    await expect(
      createSlot(deps, "a@example.com", { ...input, date: "2030-01-14", start: "23:00", end: "23:45" }, now),
    ).rejects.toThrow(MESSAGES.slotInPast);
    await expect(
      createSlot(deps, "a@example.com", { ...input, date: "2030-01-15", start: "00:00", end: "00:34" }, now),
    ).rejects.toThrow(MESSAGES.slotEndTooSoon);
    const slot = await createSlot(
      deps,
      "a@example.com",
      { ...input, date: "2030-01-15", start: "00:10", end: "00:36" },
      now,
    );
    expect(slot.startAt).toBe("2030-01-14T18:40:00.000Z");
    expect(slot.endAt).toBe("2030-01-14T19:06:00.000Z");
  });
});
