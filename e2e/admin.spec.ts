import { randomBytes } from "node:crypto";
import { buildSlot } from "../src/server/test/builders.js";
import { weekStartMonday, zonedDate } from "../src/shared/time.js";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

test.describe("admin console", () => {
  test("an admin adds an interviewer and a slot this week, moves weeks, edits and deletes it", async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Interviewers" }).click();
    const form = page.getByRole("form", { name: "Add interviewer" });
    await form.getByRole("button", { name: "Add interviewer" }).click();
    await expect(form.getByText("Name and email are required.")).toBeVisible();
    const name = unique("Kavya");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(`${name.replace(" ", ".").toLowerCase()}@example.com`);
    await form.getByRole("button", { name: "Add interviewer" }).click();
    await expect(form.getByText("Phone number is required.")).toBeVisible();
    await form.getByLabel("Phone").fill(`+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
    await form.getByLabel("Qualification").fill("Senior SDE");
    await form.getByLabel("Reviewed By").fill("Hiring panel");
    await form.getByRole("button", { name: "Add interviewer" }).click();
    await expect(form.getByText("Select at least one company type.")).toBeVisible();
    await form.getByLabel("service").check();
    await form.getByRole("button", { name: "Add interviewer" }).click();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("tab", { name: "Slots" }).click();
    const range = page.getByText(/ – /).first();
    const thisWeek = await range.textContent();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(range).not.toHaveText(thisWeek ?? "");
    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(range).toHaveText(thisWeek ?? "");

    // Add on the last day of this week (today or later), at 23:00-23:45.
    const addButtons = page.getByRole("button", { name: /\+ Add slot/ });
    await addButtons.last().click();
    const dialog = page.getByRole("dialog", { name: "Add slot" });
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog.getByText("Please select an interviewer.")).toBeVisible();
    await dialog.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
    await dialog.getByLabel("Start").fill("23:45");
    await dialog.getByLabel("End").fill("23:00");
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog.getByText("End time must be after start time.")).toBeVisible();
    await dialog.getByLabel("Start").fill("23:00");
    await dialog.getByLabel("End").fill("23:45");
    await dialog.getByLabel("Capacity").fill("2");
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card).toContainText("2 of 2 seats left");

    await card.getByRole("button", { name: /Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit slot" });
    await edit.getByLabel("Status").selectOption("draft");
    await edit.getByRole("button", { name: "Save slot" }).click();
    await expect(card).toContainText("Draft");

    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe("Delete this slot?");
      void confirm.accept();
    });
    await card.getByRole("button", { name: /Delete/ }).click();
    await expect(card).toHaveCount(0);
  });

  test("the week view follows a student's hold live, without a reload", async ({ page, browser, db }) => {
    const interviewer = unique("Live");
    const slot = await buildSlot(db, {
      interviewer_name: interviewer,
      capacity: 1,
      start_at: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 3.75 * 3_600_000).toISOString(),
    });
    await signInAsAdmin(page);
    const week = (iso: string) => weekStartMonday(zonedDate(new Date(iso), "Asia/Kolkata"));
    if (week(slot.start_at) !== week(new Date().toISOString()))
      await page.getByRole("button", { name: "Next week" }).click();
    const card = page.getByRole("listitem").filter({ hasText: interviewer });
    await expect(card).toContainText("1 of 1 seats left");
    const student = await (await browser.newContext()).newPage();
    await signIn(student, uniqueEmail("live"));
    const held = await student.request.post("/api/holds", { data: { kind: "mock", targetId: slot.id } });
    expect(held.status()).toBe(201);
    await expect(card).toContainText("0 of 1 seats left");
  });

  test("every section of the console passes axe", async ({ page }) => {
    await signInAsAdmin(page);
    for (const section of [
      "Slots",
      "Interviewers",
      "Internships",
      "Workshops",
      "Bookings",
      "Pricing",
      "Messages",
      "Admins",
      "Audit log",
    ]) {
      await page.getByRole("tab", { name: new RegExp(`^${section}`) }).click();
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });

  test("a price change shows on the booking page", async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole("tab", { name: "Pricing" }).click();
    const product = page.getByRole("form", { name: "Product-based" });
    await product.getByLabel("Price (₹)").fill("1900");
    await product.getByLabel("Available").check();
    await product.getByRole("button", { name: /Save/ }).click();
    await expect(product.getByText("Saved.")).toBeVisible();
    await page.goto("/onboarding?type=mockInterview");
    await expect(page.getByText("₹1,900")).toBeVisible();
    // Put the default back for other journeys.
    await page.goto("/admin?section=pricing");
    const again = page.getByRole("form", { name: "Product-based" });
    await again.getByLabel("Price (₹)").fill("1800");
    await again.getByLabel("Available").uncheck();
    await again.getByRole("button", { name: /Save/ }).click();
    await expect(again.getByText("Saved.")).toBeVisible();
  });
});
