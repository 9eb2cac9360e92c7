import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { buildBooking, buildInterviewer, buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

type Answer = { error?: { code: string; message: string; details?: { id: string; upcomingBookings: number } } };

describeEachDialect("overwriting an interviewer with care", (t) => {
  it("does not overwrite an interviewer students are booked with, and says how many bookings", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const booked = await buildInterviewer(db, {
      name: "Rahul Menon",
      phone: "+91 98450 11111",
      phone_key: "919845011111",
    });
    const slot = await buildSlot(db, { interviewer_id: booked.id, interviewer_name: booked.name });
    await t().signIn("booked-with-rahul@example.com");
    await buildBooking(db, { user_id: await findUserId(db, "booked-with-rahul@example.com"), target_id: slot.id });
    const form = {
      name: "Someone Else",
      email: "someone@example.com",
      phone: "+919845011111",
      qualification: "SDE",
      reviewedBy: "Panel",
      companyTypes: ["service"],
    };
    const add = (overwrite: boolean) =>
      t().request({ method: "POST", url: "/api/admin/interviewers", cookie: admin, payload: { ...form, overwrite } });

    const taken = json<Answer>(await add(false));
    expect(taken.error?.code).toBe("DUPLICATE_PHONE");
    expect(taken.error?.details).toMatchObject({ id: booked.id, upcomingBookings: 1 });

    const refused = await add(true);
    expect(refused.statusCode).toBe(409);
    expect(json<Answer>(refused).error?.message).toBe(ADMIN_MESSAGES.overwriteHasBookings("Rahul Menon", 1));
    const still = await db.selectFrom("interviewers").select("name").where("id", "=", booked.id).executeTakeFirst();
    expect(still?.name).toBe("Rahul Menon");

    const free = await buildInterviewer(db, {
      name: "Free Person",
      phone: "+91 98450 22222",
      phone_key: "919845022222",
    });
    const other = json<Answer>(
      await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie: admin,
        payload: { ...form, phone: "+919845022222" },
      }),
    );
    expect(other.error?.details).toMatchObject({ id: free.id, upcomingBookings: 0 });

    // A student booked into a workshop the interviewer hosts counts too.
    const workshop = await buildWorkshop(db, { host_interviewer_id: free.id });
    await t().signIn("booked-with-free@example.com");
    await buildBooking(db, {
      user_id: await findUserId(db, "booked-with-free@example.com"),
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_resume",
    });
    const hosting = json<Answer>(
      await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie: admin,
        payload: { ...form, phone: "+919845022222", overwrite: true },
      }),
    );
    expect(hosting.error?.message).toBe(ADMIN_MESSAGES.overwriteHasBookings("Free Person", 1));
  });
});
