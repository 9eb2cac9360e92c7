import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import type { ApiError } from "../../test/api-error.js";
import { buildBooking, buildInternship, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Internship = {
  id: string;
  title: string;
  mentor: string;
  startDate: string;
  weeks: number;
  weekPlans: { title: string; deliverables: string }[];
  trackKey: string;
  capacity: number;
  seatsLeft: number;
};
const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);
const plan = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Week ${i + 1}`, deliverables: `Ship ${i + 1}` }));
const admin = (t: TestApp) => t.signInAdmin(`internships-${randomUUID().slice(0, 8)}@example.com`);
const internship = (change: Record<string, unknown> = {}) => ({
  mentor: "Ravi",
  startDate: inDays(45),
  weeks: 2,
  weekPlans: plan(2),
  ...change,
});

describeEachDialect("admin internships", (t) => {
  it("adds with the defaults, edits (resizing the plan) and lists newest start date first", async () => {
    const cookie = await admin(t());
    const add = (payload: Record<string, unknown>) =>
      t().request({ method: "POST", url: "/api/admin/internships", cookie, payload });
    const created = await add(internship({ title: " ", mentor: "  Ravi K " }));
    expect(created.statusCode).toBe(201);
    const early = json<Internship>(created);
    expect(early).toMatchObject({
      title: "Upcoming Internship",
      mentor: "Ravi K",
      trackKey: "int_frontend",
      weeks: 2,
      capacity: 30,
      seatsLeft: 30,
    });
    const late = json<Internship>(
      await add(internship({ title: "Late cohort", startDate: inDays(90), trackKey: "int_ml" })),
    );
    expect(late).toMatchObject({ title: "Late cohort", trackKey: "int_ml" });

    const resized = await t().request({
      method: "PUT",
      url: `/api/admin/internships/${early.id}`,
      cookie,
      payload: internship({
        title: "Early cohort",
        weeks: 3,
        weekPlans: plan(3),
        trackKey: "int_backend",
        capacity: 10.5,
      }),
    });
    expect(json<Internship>(resized)).toMatchObject({
      title: "Early cohort",
      weeks: 3,
      trackKey: "int_backend",
      weekPlans: plan(3),
      capacity: 10,
    });

    const { internships } = json<{ internships: Internship[] }>(
      await t().request({ url: "/api/admin/internships", cookie }),
    );
    expect(internships.filter((i) => i.id === early.id || i.id === late.id).map((i) => i.id)).toEqual([
      late.id,
      early.id,
    ]);
    const dates = internships.map((i) => i.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("takes only a track the catalog offers, the admin's new ones included", async () => {
    const cookie = await admin(t());
    const add = (trackKey: string) =>
      t().request({ method: "POST", url: "/api/admin/internships", cookie, payload: internship({ trackKey }) });
    const unknown = await add("int_game_development");
    expect(unknown.statusCode).toBe(400);
    expect(json<{ error: { message: string; field: string } }>(unknown).error).toMatchObject({
      message: ADMIN_MESSAGES.topicNotFound,
      field: "trackKey",
    });
    const track = { kind: "internship", label: "Game development", priceRupees: 2999, available: true };
    await t().request({ method: "POST", url: "/api/admin/topics", cookie, payload: track });
    const created = await add("int_game_development");
    expect(created.statusCode).toBe(201);
    expect(json<Internship>(created)).toMatchObject({ trackKey: "int_game_development" });
  });

  it("blocks zero weeks (an empty weeks box), a missing mentor or date, and a plan that does not match", async () => {
    const cookie = await admin(t());
    const cases: [Record<string, unknown>, string][] = [
      [{ mentor: " ", weeks: 0, weekPlans: [] }, ADMIN_MESSAGES.internshipMentorRequired],
      [{ startDate: "", weeks: 0, weekPlans: [] }, ADMIN_MESSAGES.internshipStartDateRequired],
      [{ weeks: 0, weekPlans: [] }, "An internship needs at least 1 week."],
      [{ weeks: 2, weekPlans: plan(1) }, ADMIN_MESSAGES.internshipWeekPlansMismatch],
    ];
    for (const [change, message] of cases) {
      const res = await t().request({
        method: "POST",
        url: "/api/admin/internships",
        cookie,
        payload: internship(change),
      });
      expect([change, res.statusCode, json<ApiError>(res).error.message]).toEqual([change, 400, message]);
    }
  });

  it("deletes an internship nobody paid for and refuses one with an enrolment", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const empty = await buildInternship(db, { start_date: inDays(50) });
    expect(
      (await t().request({ method: "DELETE", url: `/api/admin/internships/${empty.id}`, cookie })).statusCode,
    ).toBe(204);
    const taken = await buildInternship(db, { start_date: inDays(51) });
    const email = `intern-${randomUUID().slice(0, 8)}@example.com`;
    await t().signIn(email);
    await buildBooking(db, {
      user_id: await findUserId(db, email),
      target_id: taken.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    const refused = await t().request({ method: "DELETE", url: `/api/admin/internships/${taken.id}`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({
      code: "HAS_BOOKINGS",
      message: ADMIN_MESSAGES.internshipHasBookings,
    });
  });
});
