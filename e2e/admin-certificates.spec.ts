import { buildBooking, buildCompletedProfile, buildInternship, findUserId } from "../src/server/test/builders.js";
import { JOURNEY_MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test("internship certificates wait for the batch to end, and an admin can revoke one", async ({
  page,
  browser,
  db,
}) => {
  const email = uniqueEmail("intern");
  const student = await (await browser.newContext()).newPage();
  await signIn(student, email, "/dashboard");
  const user_id = await findUserId(db, email);
  const running = await buildInternship(db, { title: "Running batch", start_date: daysAgo(3), weeks: 4 });
  const ended = await buildInternship(db, { title: "Finished batch", start_date: "2026-01-05", weeks: 2 });
  for (const batch of [running, ended]) {
    await buildBooking(db, { user_id, target_id: batch.id, kind: "internship", package_key: "int_frontend" });
  }

  await signInAsAdmin(page);
  await page.goto("/admin?section=bookings");
  const runningRow = page.getByRole("listitem").filter({ hasText: "Running batch" }).filter({ hasText: email });
  await expect(runningRow).toContainText(/The certificate can be issued once the batch ends, on \d{1,2} \w{3} \d{4}\./);
  await expect(runningRow.getByRole("button", { name: /issue certificate/ })).toHaveCount(0);

  const endedRow = page.getByRole("listitem").filter({ hasText: "Finished batch" }).filter({ hasText: email });
  await expect(endedRow).toContainText("starts 5 Jan 2026");
  // A name before anything official: without the profile's name the console says what is missing.
  await endedRow.getByRole("button", { name: "Mark completed and issue certificate" }).click();
  await expect(page.getByText(JOURNEY_MESSAGES.certificateNeedsName)).toBeVisible();
  await expectNoA11yViolations(page);
  await buildCompletedProfile(db, user_id, { first_name: "Kavya", last_name: "Iyer" });
  await endedRow.getByRole("button", { name: "Mark completed and issue certificate" }).click();
  await expect(endedRow.getByText(/issued; the student has been notified\./)).toBeVisible();
  const { code } = await db
    .selectFrom("certificates")
    .innerJoin("bookings", "bookings.id", "certificates.booking_id")
    .select("certificates.code")
    .where("bookings.target_id", "=", ended.id)
    .executeTakeFirstOrThrow();

  await endedRow.getByRole("button", { name: `Revoke certificate ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke certificate ${code}?` });
  await expect(dialog).toContainText("Its public page will say it was revoked");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Revoke certificate" }).click();
  await expect(dialog).toBeHidden();
  await expect(endedRow).toContainText(`Certificate ${code} was revoked.`);
  await expect(endedRow.getByRole("button", { name: /Revoke certificate/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await student.goto(`/certificates/${code}`);
  await expect(student.getByText(/revoked/i).first()).toBeVisible();
  await expect(student.getByText("Kavya Iyer").first()).toBeVisible();
});
