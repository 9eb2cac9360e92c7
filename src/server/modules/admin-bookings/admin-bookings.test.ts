import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import {
  buildBooking,
  buildCertificate,
  buildCompletedProfile,
  buildInternship,
  buildScorecard,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describeEachDialect("admin bookings list", (t) => {
  it("lists open bookings soonest first (a past session still to mark leads), then settled ones latest first", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("sorted@example.com");
    const user_id = await findUserId(db, "sorted@example.com");
    const session = async (hours: number, status: AdminBookingDto["status"], name: string) => {
      const slot = await buildSlot(db, { start_at: at(hours), end_at: at(hours + 1), interviewer_name: name });
      await buildBooking(db, { user_id, target_id: slot.id, status: status as never });
    };
    await session(72, "confirmed", "In three days");
    await session(-24, "confirmed", "Yesterday, unmarked");
    await session(-200, "completed", "Last week, done");
    await session(48, "cancelled", "Cancelled, in two days");
    await session(24, "confirmed", "Tomorrow");

    const res = await t().request({ url: "/api/admin/bookings?kind=mock", cookie: admin });
    const titles = json<{ bookings: AdminBookingDto[] }>(res).bookings.map((b) => b.title.replace(/^.* with /, ""));
    expect(titles).toEqual([
      "Yesterday, unmarked",
      "Tomorrow",
      "In three days",
      "Cancelled, in two days",
      "Last week, done",
    ]);
  });

  it("reads the same order a page at a time, follows a moved session, and ends with no cursor", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("paged@example.com");
    const user_id = await findUserId(db, "paged@example.com");
    const slotOf = new Map<string, string>();
    for (const [hours, status, name] of [
      [72, "confirmed", "Open later"],
      [-30, "pending_payment", "Open, checkout under way"],
      [-300, "completed", "Settled long ago"],
      [30, "expired", "Settled soon"],
      [5, "confirmed", "Open soonest"],
    ] as const) {
      const slot = await buildSlot(db, { start_at: at(hours), end_at: at(hours + 1), interviewer_name: name });
      await buildBooking(db, { user_id, target_id: slot.id, status });
      slotOf.set(name, slot.id);
    }
    await db
      .updateTable("slots")
      .set({ start_at: at(-400), end_at: at(-399) })
      .where("id", "=", slotOf.get("Open later") ?? "")
      .execute();

    const titles: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const url: string = `/api/admin/bookings?kind=mock&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page: { bookings: AdminBookingDto[]; nextCursor: string | null } = json(
        await t().request({ url, cookie: admin }),
      );
      expect(page.bookings.length).toBeLessThanOrEqual(2);
      titles.push(...page.bookings.map((b) => b.title.replace(/^.* with /, "")));
      cursor = page.nextCursor;
    }
    expect(titles.filter((title) => slotOf.has(title))).toEqual([
      "Open later",
      "Open, checkout under way",
      "Open soonest",
      "Settled soon",
      "Settled long ago",
    ]);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("refuses a cursor it did not write, naming the field", async () => {
    const admin = await t().signInAdmin();
    const res = await t().request({ url: "/api/admin/bookings?cursor=not-a-cursor", cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(json<{ error: { code: string; field: string } }>(res).error).toMatchObject({
      code: "VALIDATION",
      field: "cursor",
    });
  });

  it("gives each booking on a page its own batch's start and end, for batches starting the same day", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const four = await buildInternship(db, { start_date: "2026-03-02", weeks: 4, title: "Four weeks" });
    const six = await buildInternship(db, { start_date: "2026-03-02", weeks: 6, title: "Six weeks" });
    const expected = new Map<string, string>();
    for (const [i, batch] of [four, six, four, six, six].entries()) {
      await t().signIn(`cohort${i}@example.com`);
      const user_id = await findUserId(db, `cohort${i}@example.com`);
      const booking = await buildBooking(db, { user_id, target_id: batch.id, kind: "internship" });
      expected.set(booking.id, batch.title);
    }
    const { bookings } = json<{ bookings: AdminBookingDto[] }>(
      await t().request({ url: "/api/admin/bookings?kind=internship&from=2026-03-01&to=2026-03-03", cookie: admin }),
    );
    const shown = bookings.filter((b) => expected.has(b.id));
    expect(shown).toHaveLength(5);
    for (const b of shown) {
      expect(b.title).toBe(expected.get(b.id));
      expect(b.startAt).toBe("2026-03-01T18:30:00.000Z");
      expect(b.endAt).toBe(b.title === "Four weeks" ? "2026-03-29T18:30:00.000Z" : "2026-04-12T18:30:00.000Z");
    }
  });

  it("gives an internship its start date as a date, its end after its weeks, and its certificate", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("batch@example.com");
    const user_id = await findUserId(db, "batch@example.com");
    await buildCompletedProfile(db, user_id);
    const batch = await buildInternship(db, { start_date: "2026-01-05", weeks: 4, title: "Dated batch" });
    const booking = await buildBooking(db, {
      user_id,
      target_id: batch.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    const list = async () =>
      json<{ bookings: AdminBookingDto[] }>(
        await t().request({ url: "/api/admin/bookings?kind=internship", cookie: admin }),
      ).bookings.find((b) => b.id === booking.id);
    expect(await list()).toMatchObject({
      startDate: "2026-01-05",
      startAt: "2026-01-04T18:30:00.000Z",
      endAt: "2026-02-01T18:30:00.000Z",
      certificate: null,
    });
    const issued = await t().request({
      method: "POST",
      url: `/api/admin/bookings/${booking.id}/certificate`,
      cookie: admin,
    });
    const { code } = json<{ certificate: { code: string } }>(issued).certificate;
    expect((await list())?.certificate).toEqual({ code, status: "valid" });
    await t().request({ method: "POST", url: `/api/admin/certificates/${code}/revoke`, cookie: admin });
    expect((await list())?.certificate).toEqual({ code, status: "revoked" });
  });

  it("shows each kind of booking on one page with its own session, payment, scorecard and certificate", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("every-kind@example.com");
    const user_id = await findUserId(db, "every-kind@example.com");
    // A day of its own, so the page holds these three bookings only.
    const day = "2027-03-10";
    const slot = await buildSlot(db, {
      start_at: "2027-03-10T04:30:00.000Z",
      end_at: "2027-03-10T05:15:00.000Z",
      interviewer_name: "Kavya",
    });
    const workshop = await buildWorkshop(db, {
      start_at: "2027-03-10T08:30:00.000Z",
      end_at: "2027-03-10T10:30:00.000Z",
      title: "Graphs in a day",
    });
    const batch = await buildInternship(db, { start_date: day, weeks: 6, title: "March batch" });
    const mock = await buildBooking(db, { user_id, target_id: slot.id, status: "completed" });
    const seat = await buildBooking(db, {
      user_id,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_dsa",
      status: "completed",
    });
    const intern = await buildBooking(db, {
      user_id,
      target_id: batch.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    const now = new Date().toISOString();
    await db
      .insertInto("payments")
      .values({
        id: randomUUID(),
        booking_id: seat.id,
        provider: "razorpay",
        order_id: "order_every_kind",
        payment_id: "pay_every_kind",
        amount_paise: seat.amount_paise,
        currency: "INR",
        status: "paid",
        refund_id: null,
        method: "upi",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await buildScorecard(db, mock.id);
    await buildCertificate(db, seat, { code: "CP-EVERY-KIND", recipient_name: "Every Kind", title: "Graphs in a day" });

    const page = json<{ bookings: AdminBookingDto[] }>(
      await t().request({ url: `/api/admin/bookings?from=${day}&to=${day}`, cookie: admin }),
    ).bookings;
    const shown = (id: string) => page.find((b) => b.id === id);
    expect(page).toHaveLength(3);
    expect(shown(mock.id)).toMatchObject({
      title: expect.stringMatching(/ mock with Kavya$/),
      startAt: "2027-03-10T04:30:00.000Z",
      hasScorecard: true,
      certificate: null,
      payment: null,
    });
    expect(shown(seat.id)).toMatchObject({
      title: "Graphs in a day",
      startAt: "2027-03-10T08:30:00.000Z",
      hasScorecard: false,
      certificate: { code: "CP-EVERY-KIND", status: "valid" },
      payment: { provider: "razorpay", orderId: "order_every_kind", paymentId: "pay_every_kind", status: "paid" },
    });
    expect(shown(intern.id)).toMatchObject({
      title: "March batch",
      startDate: day,
      hasScorecard: false,
      certificate: null,
    });
  });
});
