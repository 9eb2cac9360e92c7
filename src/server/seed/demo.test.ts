import { expect, it } from "vitest";
import { INTERNSHIP_TRACKS } from "../../shared/constants.js";
import { isAdminEmail } from "../modules/admins/repository.js";
import { describeEachDialect } from "../test/test-app.js";
import { seedDemoData } from "./demo.js";

describeEachDialect("demo data", (t) => {
  it("seeds an empty database once: admin, interviewers, published and draft slots, internship, workshops", async () => {
    const { app } = t();
    expect(await seedDemoData(app.deps)).toBe(true);
    const db = app.deps.db;
    expect(await isAdminEmail(db, "admin@example.com")).toBe(true);
    const slots = await db.selectFrom("slots").select(["status", "start_at"]).execute();
    expect(slots.some((s) => s.status === "published")).toBe(true);
    expect(slots.some((s) => s.status === "draft")).toBe(true);
    const horizon = Date.now() + 15 * 86_400_000;
    expect(slots.every((s) => Date.parse(s.start_at) > Date.now() && Date.parse(s.start_at) < horizon)).toBe(true);
    expect((await db.selectFrom("interviewers").selectAll().execute()).length).toBeGreaterThanOrEqual(3);
    const internships = await db.selectFrom("internships").selectAll().execute();
    for (const internship of internships) expect(JSON.parse(internship.week_plans)).toHaveLength(internship.weeks);
    // An open batch of every track the landing page sells (docs/product.md, Internships).
    const open = await app.inject({ url: "/api/internships" });
    const tracks = new Set(
      open.json<{ internships: { trackKey: string; seatsLeft: number }[] }>().internships.map((i) => i.trackKey),
    );
    expect([...tracks].sort()).toEqual([...INTERNSHIP_TRACKS].sort());
    // Each track has a mentor to match its students to (docs/product.md, Internship programme).
    const mentored = await db
      .selectFrom("interviewers")
      .select("mentor_track")
      .where("mentor_track", "is not", null)
      .execute();
    expect(new Set(mentored.map((m) => m.mentor_track))).toEqual(new Set(INTERNSHIP_TRACKS));

    // Never into a database that has data.
    expect(await seedDemoData(app.deps)).toBe(false);
    expect((await db.selectFrom("slots").select("id").execute()).length).toBe(slots.length);
  });
});
