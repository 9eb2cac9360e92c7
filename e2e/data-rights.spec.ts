import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { buildBooking, buildSlot, findUserId } from "../src/server/test/builders.js";
import { DATA_RIGHTS_MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

test.describe("the student's data", () => {
  test("a student downloads their data, then deletes their account; the certificate stays verifiable", async ({
    page,
    db,
  }) => {
    const email = uniqueEmail("leaving");
    await signIn(page, email, "/dashboard");
    const userId = await findUserId(db, email);
    const slot = await buildSlot(db, {
      start_at: new Date(Date.now() - 48 * 3_600_000).toISOString(),
      end_at: new Date(Date.now() - 47 * 3_600_000).toISOString(),
    });
    const booking = await buildBooking(db, { user_id: userId, target_id: slot.id, status: "completed" });
    const code = `CP-${randomUUID().slice(0, 4).toUpperCase()}-DATA-RGHT-TEST`.replace(/[^A-Z0-9-]/g, "7");
    await db
      .insertInto("certificates")
      .values({
        id: randomUUID(),
        code,
        user_id: userId,
        booking_id: booking.id,
        kind: "workshop",
        award: "attendance",
        details: null,
        recipient_name: "Meera Nair",
        title: "Resume clinic",
        issued_at: new Date().toISOString(),
        revoked_at: null,
      })
      .execute();

    await page.goto("/dashboard?tab=profile");
    const panel = page.getByRole("region", { name: "Your data" });
    const downloading = page.waitForEvent("download");
    await panel.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^careerprep-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path()) ?? "", "utf8")) as {
      account: { email: string };
      certificates: { code: string }[];
    };
    expect(exported.account.email).toBe(email);
    expect(exported.certificates.map((c) => c.code)).toEqual([code]);

    // Before deleting, the student reads that issued tax documents stay as issued, for staff only.
    await expect(panel.getByText(DATA_RIGHTS_MESSAGES.taxDocumentsKept)).toBeVisible();
    await panel.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText(email)).toBeVisible();
    await dialog.getByLabel("Your e-mail address").fill("not-me@example.com");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Type your e-mail address exactly as shown to confirm.")).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByLabel("Your e-mail address").fill(email);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Sign in to see your dashboard" })).toBeVisible();
    await page.goto(`/certificates/${code}`);
    await expect(page.getByText("Verified certificate")).toBeVisible();
    await expect(
      page.getByText("The holder of this certificate has removed their personal data from CareerPrep."),
    ).toBeVisible();
    await expect(page.getByText("Meera Nair")).toHaveCount(0);
    // Its link preview, written into the HTML by the server, names no one either.
    await expect(page).toHaveTitle("Resume clinic · CareerPrep");
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      /The holder of this certificate has removed their personal data from CareerPrep\.$/,
    );
  });
});
