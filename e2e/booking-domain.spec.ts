import { randomBytes } from "node:crypto";
import { buildInterviewer, buildSlot } from "../src/server/test/builders.js";
import { addDays, zonedDate, zonedToInstant } from "../src/shared/time.js";
import { dayTab, expect, expectNoA11yViolations, signIn, test, uniqueEmail, untilListed } from "./fixtures.js";

test.describe("booking a mock interview for a domain", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a student who picks UI/UX sees only UI/UX interviewers' times and books one for that domain", async ({
    page,
    db,
  }) => {
    test.slow();
    const tag = randomBytes(3).toString("hex");
    const designer = await buildInterviewer(db, { name: `Ananya ${tag}`, domains: JSON.stringify(["uiux"]) });
    const engineer = await buildInterviewer(db, { name: `Vikram ${tag}`, domains: JSON.stringify(["sde"]) });
    // Both times on one day in IST, whatever the hour the test runs at (74 and 75 hours from now
    // straddled midnight in IST when the test ran around 15:30 UTC, and the engineer's time was on the next day).
    const day = addDays(zonedDate(new Date(), "Asia/Kolkata"), 4);
    const atIst = (time: string) => zonedToInstant(day, time, "Asia/Kolkata").toISOString();
    const startAt = atIst("10:10");
    for (const [who, at] of [
      [designer, startAt],
      [engineer, atIst("11:10")],
    ] as const) {
      await buildSlot(db, {
        interviewer_id: who.id,
        interviewer_name: who.name,
        start_at: at,
        end_at: new Date(Date.parse(at) + 45 * 60_000).toISOString(),
      });
      await untilListed(page.request, who.name, "service", at);
    }

    await signIn(page, uniqueEmail("domain"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    await dayTab(page, startAt).click();
    await expect(page.getByRole("radio", { name: new RegExp(engineer.name) })).toBeVisible();

    const picker = page.getByRole("group", { name: "Choose a domain" });
    await picker.getByLabel("UI/UX").check();
    await expect(page).toHaveURL(/domain=uiux/);
    await dayTab(page, startAt).click();
    await expect(page.getByRole("radio", { name: new RegExp(designer.name) })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(engineer.name) })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("radio", { name: new RegExp(designer.name) }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/onboarding\?step=confirmed&booking=/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible({ timeout: 30_000 });
    const bookingId = new URL(page.url()).searchParams.get("booking") ?? "";
    const booking = await db.selectFrom("bookings").select("domain").where("id", "=", bookingId).executeTakeFirst();
    expect(booking?.domain).toBe("uiux");
  });
});
