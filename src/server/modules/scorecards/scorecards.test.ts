import { expect, it } from "vitest";
import { SCORECARD_MESSAGES } from "../../../shared/messages.js";
import type { NotificationList } from "../../../shared/schemas/notifications.js";
import type { AdminScorecardView, Scorecard } from "../../../shared/schemas/scorecards.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildBooking, buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

const goodInput = {
  scores: { resume: 4, technical: 3, hr: 5 },
  overall: 4,
  tags: ["Clear communicator", "Revise DP"],
  notes: "Strong on basics; practise dynamic programming.",
  recordingUrl: "https://recordings.example.com/abc",
};

describeEachDialect("scorecards", (t) => {
  async function pastMock(email: string, packageKey = "service", startInHours = -2) {
    const { db } = t().app.deps;
    const cookie = await t().signIn(email);
    const userId = await findUserId(db, email);
    const slot = await buildSlot(db, {
      start_at: hoursFromNow(startInHours),
      end_at: hoursFromNow(startInHours + 0.75),
      package_types: JSON.stringify([packageKey]),
    });
    const booking = await buildBooking(db, { user_id: userId, target_id: slot.id, package_key: packageKey });
    return { cookie, userId, booking };
  }

  const put = (id: string, cookie: string, payload: object = goodInput) =>
    t().request({ method: "PUT", url: `/api/admin/bookings/${id}/scorecard`, cookie, payload });

  it("an admin's scorecard completes the booking, notifies the student, and only that student can read it", async () => {
    const admin = await t().signInAdmin();
    const { cookie, booking } = await pastMock("scored@example.com");
    const stranger = await t().signIn("nosy@example.com");

    const view = json<AdminScorecardView>(
      await t().request({ url: `/api/admin/bookings/${booking.id}/scorecard`, cookie: admin }),
    );
    expect(view.areas).toEqual(["technical", "hr", "resume"]);
    expect(view.scorecard).toBeNull();
    expect(view.booking).toMatchObject({ studentEmail: "scored@example.com", title: "Service-based mock interview" });

    const saved = await put(booking.id, admin);
    expect(saved.statusCode).toBe(200);
    expect(json<Scorecard>(saved)).toMatchObject({ overall: 4, tags: ["Clear communicator", "Revise DP"] });

    const mine = await t().request({ url: `/api/me/bookings/${booking.id}/scorecard`, cookie });
    expect(json<Scorecard>(mine)).toMatchObject({
      scores: { resume: 4, technical: 3, hr: 5 },
      overall: 4,
      notes: "Strong on basics; practise dynamic programming.",
      recordingUrl: "https://recordings.example.com/abc",
    });
    expect((await t().request({ url: `/api/me/bookings/${booking.id}/scorecard`, cookie: stranger })).statusCode).toBe(
      404,
    );
    expect((await t().request({ url: `/api/me/bookings/${booking.id}/scorecard` })).statusCode).toBe(401);
    expect(
      (await t().request({ url: `/api/admin/bookings/${booking.id}/scorecard`, cookie: stranger })).statusCode,
    ).toBe(403);
    expect((await put(booking.id, stranger)).statusCode).toBe(403);

    const status = await t()
      .app.deps.db.selectFrom("bookings")
      .select("status")
      .where("id", "=", booking.id)
      .executeTakeFirst();
    expect(status?.status).toBe("completed");
    const notes = json<NotificationList>(await t().request({ url: "/api/notifications", cookie }));
    expect(notes.items.map((n) => n.type)).toEqual(["feedback_ready"]);
    const mail = (await findRecentOutboxMessages(t().app.deps.db, 50)).find(
      (m) => m.to_address === "scored@example.com",
    );
    expect(mail?.subject).toBe("Your interview feedback is ready");

    // Editing the scorecard updates it without a second notification; both writes are audited.
    await put(booking.id, admin, { ...goodInput, overall: 5 });
    const audit = await t()
      .app.deps.db.selectFrom("audit_log")
      .select(["actor_email", "action", "before", "after"])
      .where("entity", "=", "scorecard")
      .where("entity_id", "=", booking.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((a) => [a.actor_email, a.action])).toEqual([
      ["admin@example.com", "create"],
      ["admin@example.com", "update"],
    ]);
    expect(JSON.parse(audit[1]?.before ?? "{}").overall).toBe(4);
    expect(JSON.parse(audit[1]?.after ?? "{}").overall).toBe(5);
    expect(
      json<Scorecard>(await t().request({ url: `/api/me/bookings/${booking.id}/scorecard`, cookie })).overall,
    ).toBe(5);
    expect(json<NotificationList>(await t().request({ url: "/api/notifications", cookie })).items).toHaveLength(1);
  });

  it("asks for the phone screen score on packages with a phone round", async () => {
    const admin = await t().signInAdmin();
    const { booking } = await pastMock("product-scored@example.com", "product");
    const res = await put(booking.id, admin);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: {
        code: "VALIDATION",
        message: SCORECARD_MESSAGES.missingAreas("Phone screen"),
        field: "scores.phoneScreen",
      },
    });
    const ok = await put(booking.id, admin, { ...goodInput, scores: { ...goodInput.scores, phoneScreen: 2 } });
    expect(json<Scorecard>(ok).areas).toEqual(["phoneScreen", "technical", "hr", "resume"]);
  });

  it("scores a MAANG interview on its plan card's rounds: phone, two technical rounds, HR and resume", async () => {
    const admin = await t().signInAdmin();
    const { booking } = await pastMock("maang-scored@example.com", "maang");
    const view = json<AdminScorecardView>(
      await t().request({ url: `/api/admin/bookings/${booking.id}/scorecard`, cookie: admin }),
    );
    expect(view.areas).toEqual(["phoneScreen", "technical", "technical2", "hr", "resume"]);
    const scores = { ...goodInput.scores, phoneScreen: 3 };
    const missing = await put(booking.id, admin, { ...goodInput, scores });
    expect(json(missing)).toMatchObject({
      error: { message: SCORECARD_MESSAGES.missingAreas("Technical 2 (TR)"), field: "scores.technical2" },
    });
    const saved = await put(booking.id, admin, { ...goodInput, scores: { ...scores, technical2: 4 } });
    expect(json<Scorecard>(saved).scores).toEqual({ phoneScreen: 3, technical: 3, technical2: 4, hr: 5, resume: 4 });
  });

  it("rejects scores outside 1–5 and bad recording links with their messages", async () => {
    const admin = await t().signInAdmin();
    const { booking } = await pastMock("range@example.com");
    const high = await put(booking.id, admin, { ...goodInput, overall: 6 });
    expect(json(high)).toMatchObject({ error: { code: "VALIDATION", message: SCORECARD_MESSAGES.scoreRange } });
    const half = await put(booking.id, admin, { ...goodInput, scores: { ...goodInput.scores, technical: 2.5 } });
    expect(json(half)).toMatchObject({ error: { message: SCORECARD_MESSAGES.scoreRange } });
    const link = await put(booking.id, admin, { ...goodInput, recordingUrl: "javascript:alert(1)" });
    expect(json(link)).toMatchObject({ error: { message: SCORECARD_MESSAGES.recordingUrlInvalid } });
  });

  it("refuses a session that has not started and a workshop booking", async () => {
    const admin = await t().signInAdmin();
    const { booking } = await pastMock("future-scored@example.com", "service", 5);
    expect(json(await put(booking.id, admin))).toMatchObject({
      error: { code: "CONFLICT", message: SCORECARD_MESSAGES.notStarted },
    });

    const { db } = t().app.deps;
    const userId = await findUserId(db, "future-scored@example.com");
    const workshop = await buildWorkshop(db, { start_at: hoursFromNow(-3), end_at: hoursFromNow(-1) });
    const ws = await buildBooking(db, {
      user_id: userId,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_dsa",
    });
    expect(json(await put(ws.id, admin))).toMatchObject({
      error: { code: "CONFLICT", message: SCORECARD_MESSAGES.mockOnly },
    });
    expect((await put("no-such-booking", admin)).statusCode).toBe(404);
  });

  it("marks no-show and completed, and keeps a scored booking from becoming a no-show", async () => {
    const admin = await t().signInAdmin();
    const { booking } = await pastMock("outcome@example.com");
    const mark = (outcome: string) =>
      t().request({
        method: "POST",
        url: `/api/admin/bookings/${booking.id}/outcome`,
        cookie: admin,
        payload: { outcome },
      });

    expect(json(await mark("no_show"))).toEqual({ status: "no_show" });
    const audit = await t()
      .app.deps.db.selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity", "=", "booking")
      .where("entity_id", "=", booking.id)
      .executeTakeFirst();
    expect(audit).toEqual({ action: "outcome", before: '{"status":"confirmed"}', after: '{"status":"no_show"}' });
    expect(json(await put(booking.id, admin))).toMatchObject({ error: { message: SCORECARD_MESSAGES.notAttended } });
    expect(json(await mark("completed"))).toEqual({ status: "completed" });
    expect((await put(booking.id, admin)).statusCode).toBe(200);
    expect(json(await mark("no_show"))).toMatchObject({
      error: { code: "CONFLICT", message: SCORECARD_MESSAGES.noShowHasScorecard },
    });
    expect((await mark("cancelled")).statusCode).toBe(400);
  });
});
