import { expect, it } from "vitest";
import { zonedDate } from "../../../shared/time.js";
import { buildBooking, buildInternship, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type ApiError = { error: { code: string; message: string } };
type Internship = {
  id: string;
  title: string;
  startDate: string;
  weeks: number;
  weekPlans: { title: string; deliverables: string }[];
  trackKey: string;
};
const inDays = (n: number) => zonedDate(new Date(Date.now() + n * 86_400_000), "Asia/Kolkata");
const plan = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Week ${i + 1}`, deliverables: `Ship ${i + 1}` }));

describeEachDialect("admin internships", (t) => {
  it("adds, edits (resizing the plan) and lists newest start date first", async () => {
    const cookie = await t().signInAdmin("intern-admin@example.com");
    const add = (startDate: string, title: string) =>
      t().request({
        method: "POST",
        url: "/api/admin/internships",
        cookie,
        payload: { title, mentor: "Ravi", startDate, weeks: 2, weekPlans: plan(2), trackKey: "int_ml" },
      });
    const early = json<Internship>(await add(inDays(60), "Early cohort"));
    const late = json<Internship>(await add(inDays(90), "Late cohort"));
    expect(early).toMatchObject({ trackKey: "int_ml", weeks: 2 });

    const resized = await t().request({
      method: "PUT",
      url: `/api/admin/internships/${early.id}`,
      cookie,
      payload: { title: "", mentor: "Ravi", startDate: inDays(60), weeks: 3, weekPlans: plan(3) },
    });
    expect(json<Internship>(resized)).toMatchObject({
      title: "Upcoming Internship",
      weeks: 3,
      trackKey: "int_frontend",
      weekPlans: plan(3),
    });

    const { internships } = json<{ internships: Internship[] }>(
      await t().request({ url: "/api/admin/internships", cookie }),
    );
    const ours = internships.filter((i) => i.id === early.id || i.id === late.id).map((i) => i.id);
    expect(ours).toEqual([late.id, early.id]);
    const dates = internships.map((i) => i.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("blocks zero weeks and a plan that does not match the weeks", async () => {
    const cookie = await t().signInAdmin("intern-rules-admin@example.com");
    const post = (weeks: number, weekPlans: { title: string; deliverables: string }[]) =>
      t().request({
        method: "POST",
        url: "/api/admin/internships",
        cookie,
        payload: { mentor: "Ravi", startDate: inDays(45), weeks, weekPlans },
      });
    expect(json<ApiError>(await post(0, [])).error.message).toBe("An internship needs at least 1 week.");
    expect(json<ApiError>(await post(2, plan(1))).error.message).toBe("Fill in a plan for each week.");
  });

  it("deletes an internship nobody paid for and refuses one with an enrolment", async () => {
    const cookie = await t().signInAdmin("intern-delete-admin@example.com");
    const { db } = t().app.deps;
    const empty = await buildInternship(db, { start_date: inDays(50) });
    expect(
      (await t().request({ method: "DELETE", url: `/api/admin/internships/${empty.id}`, cookie })).statusCode,
    ).toBe(204);
    const taken = await buildInternship(db, { start_date: inDays(51) });
    await t().signIn("intern-student@example.com");
    await buildBooking(db, {
      user_id: await findUserId(db, "intern-student@example.com"),
      target_id: taken.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    const refused = await t().request({ method: "DELETE", url: `/api/admin/internships/${taken.id}`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error.code).toBe("HAS_BOOKINGS");
  });
});
