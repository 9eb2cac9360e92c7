import { randomUUID } from "node:crypto";
import { buildBooking, buildInternship } from "../src/server/test/builders.js";
import { addDays, zonedDate } from "../src/shared/time.js";
import { expect, expectNoA11yViolations, SAME_ORIGIN, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);

test("the workshop and internship lists follow changes made elsewhere, without a reload", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin?section=workshops");
  await expect(page.getByRole("heading", { level: 2, name: "Workshops" })).toBeVisible();
  // The admin is looking at the list when another admin changes it.
  await expect(page.getByRole("list", { name: "Workshop sessions, latest first" })).toBeAttached();
  const title = `Live graphs ${randomUUID().slice(0, 6)}`;
  // Another admin's change, made through the API rather than this page.
  const created = await page.request.post("/api/admin/workshops", {
    data: { topicKey: "ws_dsa", title, level: "Intermediate", date: inDays(9), start: "18:00", end: "20:00" },
    headers: SAME_ORIGIN,
  });
  expect(created.status()).toBe(201);
  await expect(page.getByText(title).first()).toBeVisible();

  await page.getByRole("tab", { name: "Internships" }).click();
  await expect(page.getByRole("list", { name: "Internships, newest start date first" })).toBeAttached();
  const mentor = `Mentor ${randomUUID().slice(0, 6)}`;
  const added = await page.request.post("/api/admin/internships", {
    data: { mentor, startDate: inDays(40), weeks: 1, weekPlans: [{ title: "Start", deliverables: "Setup" }] },
    headers: SAME_ORIGIN,
  });
  expect(added.status()).toBe(201);
  await expect(page.getByText(`Mentor ${mentor}`)).toBeVisible();
});

test("an admin cancels a whole internship batch with refunds", async ({ page, browser, db }) => {
  const intern = uniqueEmail("batch");
  await signIn(await (await browser.newContext()).newPage(), intern, "/dashboard");
  const user = await db.selectFrom("user").select("id").where("email", "=", intern).executeTakeFirstOrThrow();
  const title = `Batch ${randomUUID().slice(0, 6)}`;
  const batch = await buildInternship(db, { title, start_date: inDays(25) });
  const booking = await buildBooking(db, {
    user_id: user.id,
    target_id: batch.id,
    kind: "internship",
    package_key: "int_frontend",
    amount_paise: 500_000,
  });
  const at = new Date().toISOString();
  await db
    .insertInto("payments")
    .values({
      id: randomUUID(),
      booking_id: booking.id,
      provider: "dev",
      order_id: `order_${randomUUID().slice(0, 8)}`,
      payment_id: `pay_${randomUUID().slice(0, 8)}`,
      amount_paise: 500_000,
      currency: "INR",
      status: "paid",
      refund_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();

  await signInAsAdmin(page);
  await page.goto("/admin?section=internships");
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);
  await item.getByRole("button", { name: `Cancel batch ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel ${title}` });
  await dialog.getByLabel("Reason shown to the student").fill("The mentor is unavailable.");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(dialog).toContainText("Cancelled 1 booking; 1 refund on the way.");
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(item).toContainText("Cancelled");
  await expect(item.getByRole("button", { name: /Cancel batch|Edit/ })).toHaveCount(0);
});
