import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildSlot } from "../src/server/test/builders.js";
import { weekStartMonday, zonedDate, zonedTime } from "../src/shared/time.js";
import { expect, expectNoA11yViolations, SAME_ORIGIN, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const IST = "Asia/Kolkata";
const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;
const phone = () => `+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function openSection(page: Page, name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

async function addInterviewer(page: Page, name: string, phoneNumber: string) {
  const form = page.getByRole("form", { name: "Add interviewer" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(`${name.replace(" ", ".").toLowerCase()}@example.com`);
  await form.getByLabel("Phone").fill(phoneNumber);
  await form.getByLabel("Qualification").fill("Senior SDE");
  await form.getByLabel("Reviewed By").fill("Hiring panel");
  await form.getByLabel("Service-based").check();
  await form.getByRole("button", { name: "Add interviewer" }).click();
  await expect(page.getByRole("list", { name: "Interviewers by name" }).getByText(name, { exact: true })).toBeVisible();
}

test.describe("admin console", () => {
  test("an admin adds an interviewer and a slot this week, moves weeks, edits and deletes it", async ({ page }) => {
    await signInAsAdmin(page);
    await openSection(page, "Interviewers");
    const form = page.getByRole("form", { name: "Add interviewer" });
    const add = form.getByRole("button", { name: "Add interviewer" });
    await add.click();
    await expect(form.getByRole("alert")).toHaveText("Name and email are required.");
    const name = unique("Kavya");
    await form.getByLabel("Name").fill(`  ${name} `);
    await form.getByLabel("Email").fill(`${name.replace(" ", ".").toLowerCase()}@example.com`);
    await add.click();
    await expect(form.getByRole("alert")).toHaveText("Phone number is required.");
    await form.getByLabel("Phone").fill(phone());
    await add.click();
    await expect(form.getByRole("alert")).toHaveText("Qualification is required.");
    await form.getByLabel("Qualification").fill("Senior SDE");
    await add.click();
    await expect(form.getByRole("alert")).toHaveText("Reviewed By is required.");
    await form.getByLabel("Reviewed By").fill("Hiring panel");
    await add.click();
    await expect(form.getByRole("alert")).toHaveText("Select at least one company type.");
    await form.getByLabel("Service-based").check();
    await add.click();
    await expect(
      page.getByRole("list", { name: "Interviewers by name" }).getByText(name, { exact: true }),
    ).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");

    await openSection(page, "Slots");
    const range = page.getByTestId("week-range");
    const thisWeek = (await range.textContent()) ?? "";
    await page.getByRole("button", { name: "Previous week" }).click();
    await expect(range).not.toHaveText(thisWeek);
    // Any day of last week is in the past.
    await page
      .getByRole("button", { name: /\+ Add slot/ })
      .first()
      .click();
    const past = page.getByRole("dialog", { name: /^Add slot/ });
    await past.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
    await past.getByRole("button", { name: "Save slot" }).click();
    // Shown beside the date, which is marked (docs/decisions/0141-one-interviewer-one-slot.md).
    await expect(past.getByText("Cannot create a slot in the past. Pick today or a future date.")).toBeVisible();
    await expect(past.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
    await past.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(range).toHaveText(thisWeek);

    // Sunday of this week at 23:00–23:45 is still ahead, unless it is already Sunday night.
    const now = new Date();
    const lateSunday = new Date(`${zonedDate(now, IST)}T00:00:00Z`).getUTCDay() === 0 && zonedTime(now, IST) > "22:50";
    if (lateSunday) await page.getByRole("button", { name: "Next week" }).click();
    await page
      .getByRole("button", { name: /\+ Add slot/ })
      .last()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Add slot/ });
    await expect(dialog.getByLabel("Start")).toHaveValue("19:00");
    await expect(dialog.getByLabel("End")).toHaveValue("19:45");
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog.getByText("Please select an interviewer.")).toBeVisible();
    await expect(dialog.getByLabel("Interviewer")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
    await dialog.getByLabel("Start").fill("23:45");
    await dialog.getByLabel("End").fill("23:00");
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog.getByText("End time must be after start time.")).toBeVisible();
    await expect(dialog.getByLabel("End")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Start").fill("23:00");
    await dialog.getByLabel("End").fill("23:45");
    await dialog.getByLabel("Capacity").fill("2");
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Save slot" }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card).toContainText("2 of 2 seats left");

    await card.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: /^Edit slot/ });
    await edit.getByLabel("Status").selectOption("draft");
    await edit.getByLabel("Capacity").fill("3");
    await edit.getByRole("button", { name: "Save slot" }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText("3 of 3 seats left");
    await expect(card).toContainText("Draft");

    await card.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this slot?" });
    await expectNoA11yViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: /^Delete/ }).click();
    await confirm.getByRole("button", { name: "Delete slot" }).click();
    await expect(card).toHaveCount(0);
  });

  test("adding a phone that is taken asks whether to overwrite that interviewer", async ({ page }) => {
    await signInAsAdmin(page);
    await openSection(page, "Interviewers");
    const taken = phone();
    const first = unique("Arjun");
    await addInterviewer(page, first, taken);

    const second = unique("Nisha");
    const form = page.getByRole("form", { name: "Add interviewer" });
    await form.getByLabel("Name").fill(second);
    await form.getByLabel("Email").fill("nisha@example.com");
    await form.getByLabel("Phone").fill(taken.replaceAll(" ", "-"));
    await form.getByLabel("Qualification").fill("Product manager");
    await form.getByLabel("Reviewed By").fill("Panel");
    await form.getByLabel("Product-based").check();
    await form.getByRole("button", { name: "Add interviewer" }).click();
    const ask = page.getByRole("dialog", { name: "This phone number is already taken" });
    await expect(ask).toContainText(first);
    await expect(ask).toContainText(`${first.replace(" ", ".").toLowerCase()}@example.com`);
    await expect(ask).toContainText(taken);
    await expect(ask).toContainText("Overwrite their details with the ones you entered?");
    await expectNoA11yViolations(page);

    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(form.getByLabel("Name")).toHaveValue(second);
    const list = page.getByRole("list", { name: "Interviewers by name" });
    await expect(list.getByText(first, { exact: true })).toBeVisible();

    await form.getByRole("button", { name: "Add interviewer" }).click();
    await ask.getByRole("button", { name: "Overwrite" }).click();
    await expect(list.getByText(second, { exact: true })).toBeVisible();
    await expect(list.getByText(first, { exact: true })).toHaveCount(0);

    const row = list.getByRole("listitem").filter({ hasText: second });
    await row.getByRole("button", { name: new RegExp(`^${second}: Active`) }).click();
    await expect(row.getByRole("button", { name: new RegExp(`^${second}: Inactive`) })).toBeVisible();
    await row.getByRole("button", { name: `Actions for ${second}` }).press("Enter");
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page
      .getByRole("dialog", { name: "Delete this interviewer?" })
      .getByRole("button", { name: "Delete interviewer" })
      .click();
    await expect(list.getByText(second, { exact: true })).toHaveCount(0);
  });

  test("an internship needs at least one week, and keeps the weekly plan when the weeks change", async ({ page }) => {
    await signInAsAdmin(page);
    await openSection(page, "Internships");
    const form = page.getByRole("form", { name: "Add internship" });
    await form.getByLabel("Mentor").fill("Ananya Iyer");
    await form.getByLabel("Start date").fill(zonedDate(new Date(Date.now() + 40 * 86_400_000), IST));
    await form.getByLabel("Week 1 title").fill("Kick-off");
    await form.getByLabel("Weeks").fill("");
    await expect(form.getByLabel("Week 1 title")).toHaveCount(0);
    await form.getByRole("button", { name: "Add internship" }).click();
    await expect(form.getByText("An internship needs at least 1 week.")).toBeVisible();
    await expect(form.getByLabel("Weeks")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Weeks").fill("2");
    await expect(form.getByLabel("Week 1 title")).toHaveValue("Kick-off");
    await expect(form.getByLabel("Week 2 title")).toHaveValue("");
    await form.getByRole("button", { name: "Add internship" }).click();
    await expect(
      page
        .getByRole("list", { name: /^Internships/ })
        .getByText("Mentor Ananya Iyer")
        .first(),
    ).toBeVisible();
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
    const week = (iso: string) => weekStartMonday(zonedDate(new Date(iso), IST));
    if (week(slot.start_at) !== week(new Date().toISOString()))
      await page.getByRole("button", { name: "Next week" }).click();
    const card = page.getByRole("listitem").filter({ hasText: interviewer });
    await expect(card).toContainText("1 of 1 seat left");
    const student = await (await browser.newContext()).newPage();
    await signIn(student, uniqueEmail("live"));
    const held = await student.request.post("/api/holds", {
      data: { kind: "mock", targetId: slot.id },
      headers: SAME_ORIGIN,
    });
    expect(held.status()).toBe(201);
    await expect(card).toContainText("0 of 1 seat left");
  });

  test("every section of the console passes axe, and the tabs work from the keyboard", async ({ page, request }) => {
    // One axe pass per section: on a busy two-core machine this takes longer than one page's budget.
    test.slow();
    await request.post("/api/contact", {
      headers: SAME_ORIGIN,
      data: { name: "Asha", email: "asha@example.com", subject: unique("Inbox"), message: "Hello", website: "" },
    });
    await signInAsAdmin(page);
    await expect(page.getByRole("tab", { name: /^Messages\s*\d+\s*unhandled$/ })).toBeVisible();
    for (const section of [
      "Slots",
      "Interviewers",
      "Internships",
      "Workshops",
      "Programme",
      "Bookings",
      "Waitlists",
      "Pricing",
      "Messages",
      "Admins",
      "Audit log",
    ]) {
      await openSection(page, section);
      await expectNoA11yViolations(page);
    }
    await page.getByRole("tab", { name: "Audit log" }).press("Home");
    await expect(page.getByRole("tab", { name: "Slots" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Slots" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("heading", { level: 2, name: "Interviewers" })).toBeVisible();
  });

  test("a price change shows on the booking page", async ({ page }) => {
    await signInAsAdmin(page);
    await openSection(page, "Pricing");
    const product = page.getByRole("form", { name: "Product-based" });
    await product.getByLabel("Price (₹)").fill("0");
    await product.getByRole("button", { name: /Save/ }).click();
    await expect(product.getByRole("alert")).toHaveText("The price must be more than ₹0.");
    await product.getByLabel("Price (₹)").fill("1900");
    await product.getByLabel("Available").check();
    await product.getByRole("button", { name: /Save/ }).click();
    await expect(page.getByRole("form", { name: "Product-based" })).toContainText("Now ₹1,900, available");
    await page.goto("/onboarding?type=mockInterview");
    await expect(page.getByText("₹1,900")).toBeVisible();
    // Put the default back for other journeys.
    await page.goto("/admin?section=pricing");
    const again = page.getByRole("form", { name: "Product-based" });
    await again.getByLabel("Price (₹)").fill("1800");
    await again.getByLabel("Available").uncheck();
    await again.getByRole("button", { name: /Save/ }).click();
    await expect(page.getByRole("form", { name: "Product-based" })).toContainText("Now ₹1,800, not available");
  });
});
