import { buildBooking, buildCompletedProfile, buildSlot, findUserId } from "../src/server/test/builders.js";
import {
  expect,
  expectNoA11yViolations,
  latestMessageTo,
  SAME_ORIGIN,
  signIn,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures.js";

test.describe("news on the phone at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a student keeps SMS for time-critical news; an admin's cancellation reaches the verified phone", async ({
    page,
    browser,
    db,
  }) => {
    const email = uniqueEmail("phone-news");
    await signIn(page, email, "/dashboard");
    const userId = await findUserId(db, email);
    const { phone } = await buildCompletedProfile(db, userId);
    const slot = await buildSlot(db, { start_at: new Date(Date.now() + 48 * 3_600_000).toISOString() });
    const booking = await buildBooking(db, { user_id: userId, target_id: slot.id });

    await page.goto("/dashboard?tab=profile");
    const panel = page.getByRole("region", { name: "News on your phone" });
    const sms = panel.getByRole("checkbox", { name: "SMS" });
    await expect(sms).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "WhatsApp" })).toHaveCount(0);
    await sms.uncheck();
    await panel.getByRole("button", { name: "Save phone news" }).click();
    await expect(panel.getByText("Saved: we will use these from now on.")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.reload();
    await expect(panel.getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
    await panel.getByRole("checkbox", { name: "SMS" }).check();
    await panel.getByRole("button", { name: "Save phone news" }).click();
    await expect(panel.getByText("Saved: we will use these from now on.")).toBeVisible();

    const adminPage = await (await browser.newContext()).newPage();
    await signInAsAdmin(adminPage);
    const cancelled = await adminPage.request.post(`/api/admin/bookings/${booking.id}/cancel`, {
      headers: SAME_ORIGIN,
      data: {},
    });
    expect(cancelled.ok()).toBe(true);
    const sent = await latestMessageTo(page.request, phone);
    expect(sent).toMatchObject({ channel: "sms" });
    expect(sent.text).toMatch(
      /^CareerPrep: we had to cancel your Service-based mock interview on .+ IST\. Your full refund is on its way\.$/,
    );
  });
});
