import { expect, it } from "vitest";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import { buildBooking, buildInterviewer, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type Entry = { action: string; entity: string; entityId: string | null; subject: string };
const IST = "Asia/Kolkata";

describeEachDialect("audit log names what changed", (t) => {
  it("names a slot by its time and interviewer, a booking by its session and student, a price by its package", async () => {
    const cookie = await t().signInAdmin("audit-names@example.com");
    const { db } = t().app.deps;
    const rahul = await buildInterviewer(db, { name: "Rahul Menon" });
    const date = addDays(zonedDate(new Date(), IST), 3);
    const payload = { interviewerId: rahul.id, date, start: "19:00", end: "19:45" };
    const slot = json<{ id: string }>(await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload }));
    await t().request({
      method: "PUT",
      url: "/api/admin/pricing/product",
      cookie,
      payload: { available: true, priceRupees: 1800 },
    });

    await t().signIn("audit-student@example.com");
    const booked = await buildSlot(db, {
      interviewer_name: "Asha Rao",
      start_at: zonedToInstant(date, "18:00", IST).toISOString(),
    });
    const booking = await buildBooking(db, {
      user_id: await findUserId(db, "audit-student@example.com"),
      target_id: booked.id,
    });
    await t().request({ method: "POST", url: `/api/admin/bookings/${booking.id}/cancel`, cookie, payload: {} });

    const { entries } = json<{ entries: Entry[] }>(await t().request({ url: "/api/admin/audit", cookie }));
    const weekday = new Intl.DateTimeFormat("en-IN", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    })
      .format(new Date(`${date}T00:00:00Z`))
      .replace(",", "");
    expect(entries.find((e) => e.entityId === slot.id)?.subject).toBe(`Slot ${weekday} 19:00, Rahul Menon`);
    expect(entries.find((e) => e.entity === "pricing")?.subject).toBe("Price of Product-based");
    expect(entries.find((e) => e.entityId === booking.id)?.subject).toBe(
      `Booking: Service-based mock interview with Asha Rao, ${weekday} 18:00, audit-student@example.com`,
    );
  });
});
