import { expect, it } from "vitest";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import { buildBooking, buildCompletedProfile, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

describeEachDialect("student names in the console (docs/product.md, Profile: a name before anything official)", (t) => {
  it("shows the profile's name, or the address, never the e-mail's user part as a name", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const unnamed = `arjun40003-${Date.now()}@example.com`;
    const named = `meera-${Date.now()}@example.com`;
    for (const email of [unnamed, named]) {
      await t().signIn(email);
      const slot = await buildSlot(db, { interviewer_name: `For ${email}` });
      await buildBooking(db, { user_id: await findUserId(db, email), target_id: slot.id });
    }
    await buildCompletedProfile(db, await findUserId(db, named), { first_name: "Meera", last_name: "Nair" });

    const { bookings } = json<{ bookings: AdminBookingDto[] }>(
      await t().request({ url: "/api/admin/bookings?kind=mock", cookie: admin }),
    );
    const nameOf = (email: string) => bookings.find((b) => b.studentEmail === email)?.studentName;
    expect(nameOf(unnamed)).toBe(unnamed);
    expect(nameOf(named)).toBe("Meera Nair");
  });
});
