import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { buildSlot } from "../src/server/test/builders.js";
import { PAYMENT_MESSAGES } from "../src/shared/messages.js";
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

async function openSection(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

/** A student holds a slot and checks out (with a coupon when given); pays when asked to. */
async function checkout(page: Page, slotId: string, coupon?: string, pay = false): Promise<string> {
  // Writes from the page's own origin, as the browser would send them (docs/security.md).
  const headers = SAME_ORIGIN;
  const hold = await page.request.post("/api/holds", { headers, data: { kind: "mock", targetId: slotId } });
  expect(hold.status()).toBe(201);
  const order = await page.request.post("/api/checkout", { headers, data: { holdId: (await hold.json()).id, coupon } });
  expect(order.status()).toBe(201);
  const { paymentId } = (await order.json()) as { paymentId: string };
  if (pay) expect((await page.request.post(`/api/payments/dev/${paymentId}/pay`, { headers })).status()).toBe(200);
  return paymentId;
}

test("coupons: every failing rule shows beside its field, the coupon is created and its use counts", async ({
  page,
  browser,
  db,
}) => {
  await signInAsAdmin(page);
  await openSection(page, "Coupons");
  const form = page.getByRole("form", { name: "Create a coupon" });
  await form.getByLabel("Code").fill("x");
  await form.getByLabel("Percent off").fill("150");
  await form.getByLabel("Redemption limit (optional)").fill("0");
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(form.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Use 3 to 32 letters, digits, dashes or underscores for the code.")).toBeVisible();
  await expect(form.getByText("The percentage off is a whole number from 1 to 100.")).toBeVisible();
  await expect(form.getByText("The redemption limit must be a whole number above 0.")).toBeVisible();
  await expectNoA11yViolations(page);

  const code = `CAMPUS${Date.now() % 1e6}`;
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Percent off").fill("20");
  await form.getByLabel("Redemption limit (optional)").fill("2");
  await form.getByLabel("Service-based").check();
  await form.getByRole("button", { name: "Create coupon" }).click();
  await expect(form.getByText(`Coupon ${code} created.`)).toBeVisible();
  const row = page.getByRole("list", { name: "Coupons" }).getByRole("listitem").filter({ hasText: code });
  await expect(row).toContainText("20% off");
  await expect(row).toContainText("Service-based");
  await expect(row).toContainText("Used 0 of 2 · 0 paid · ₹0 discount given");

  const student = await (await browser.newContext()).newPage();
  const studentEmail = uniqueEmail("coupon");
  await signIn(student, studentEmail);
  await checkout(student, (await buildSlot(db)).id, code, true);
  await page.reload();
  await expect(row).toContainText("Used 1 of 2 · 1 paid · ₹240 discount given");

  await row.getByRole("button", { name: `Deactivate ${code}` }).click();
  await expect(row).toContainText("Inactive");
  await expectNoA11yViolations(page);

  await openSection(page, "Invoices");
  const documents = page.getByRole("table", { name: "Documents issued in the period" });
  // This student's receipt: other specs running at the same time issue receipts too.
  const receipt = documents.getByRole("row").filter({ hasText: "Payment receipt" }).filter({ hasText: studentEmail });
  await expect(receipt).toContainText("₹960");
  const pdf = await page.request.get((await receipt.getByRole("link").getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // Downloaded by Chromium as the admin does: the server sends it as one gzip stream.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV for the accountant" }).click(),
  ]);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "Type,Number,Date,Against,Buyer,Email,Place of supply,Description,SAC,Taxable value,CGST,SGST,IGST,Total",
  );
  expect(csv).toContain(((await receipt.getByRole("rowheader").textContent()) ?? "").trim());
  await expectNoA11yViolations(page);
});

test("a failed checkout paid after its coupon ran out is refunded: the student is told why, the admin sees it in Bookings", async ({
  page,
  browser,
  db,
}) => {
  await signInAsAdmin(page);
  const code = `ONCE${Date.now() % 1e6}`;
  const created = await page.request.post("/api/admin/coupons", {
    headers: SAME_ORIGIN,
    data: { code, percentOff: 50, maxRedemptions: 1 },
  });
  expect(created.status()).toBe(201);

  const late = await (await browser.newContext()).newPage();
  const lateEmail = uniqueEmail("late-coupon");
  await signIn(late, lateEmail);
  const closedPayment = await checkout(late, (await buildSlot(db)).id, code);
  const failed = await late.request.post(`/api/payments/dev/${closedPayment}/fail`, { headers: SAME_ORIGIN });
  expect(failed.status()).toBe(200);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, uniqueEmail("coupon-payer"));
  await checkout(other, (await buildSlot(db)).id, code, true);

  // The first student's payment for the closed checkout still arrives.
  const paid = await late.request.post(`/api/payments/dev/${closedPayment}/pay`, { headers: SAME_ORIGIN });
  expect(await paid.json()).toMatchObject({
    status: "refunded_late",
    message: PAYMENT_MESSAGES.paymentCouponSpentRefunded,
  });
  const notice = await latestMessageTo(page.request, lateEmail, /Refund on its way/);
  expect(notice.text).toContain("other students had used every redemption of its coupon");

  await openSection(page, "Bookings");
  await page.getByLabel("Status").selectOption("refunded_late");
  const booking = page.getByRole("listitem").filter({ hasText: lateEmail });
  await expect(booking).toContainText("coupon limit refunded");
  await expect(booking).toContainText(/dev refund(_pending|ed)/);
  await expectNoA11yViolations(page);
  const coupons = page.getByRole("tab", { name: "Coupons" });
  await coupons.click();
  await expect(
    page.getByRole("list", { name: "Coupons" }).getByRole("listitem").filter({ hasText: code }),
  ).toContainText("Used 1 of 1 · 1 paid");
});
