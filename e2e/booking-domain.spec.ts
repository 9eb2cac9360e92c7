import { randomBytes } from "node:crypto";
import { buildInterviewer, buildSlot } from "../src/server/test/builders.js";
import { dayTab, expect, expectNoA11yViolations, signIn, test, uniqueEmail, untilListed } from "./fixtures.js";

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

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
    const startAt = hoursFromNow(74);
    for (const [who, at] of [
      [designer, startAt],
      [engineer, hoursFromNow(75)],
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
