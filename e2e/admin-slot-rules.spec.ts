import { buildBooking, buildInterviewer, buildSlot } from "../src/server/test/builders.js";
import { ADMIN_MESSAGES } from "../src/shared/messages.js";
import { addDays, weekStartMonday, zonedDate } from "../src/shared/time.js";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

test("the slot form shows every failing rule beside its field, and refuses an interviewer's overlapping slot", async ({
  page,
  db,
}) => {
  const name = `Rahul Menon ${Date.now() % 1e5}`;
  await buildInterviewer(db, { name, company_types: JSON.stringify(["service"]) });
  await signInAsAdmin(page);
  // Next week, so every day of it is ahead.
  await page.getByRole("button", { name: "Next week" }).click();
  const addOnMonday = page.getByRole("button", { name: /\+ Add slot/ }).first();
  await addOnMonday.click();
  const dialog = page.getByRole("dialog", { name: /^Add slot/ });
  await dialog.getByLabel("End").fill("18:00");
  await dialog.getByLabel("Capacity").fill("0");
  await dialog.getByLabel("Meeting link").fill("meet");
  await dialog.getByRole("button", { name: "Save slot" }).click();
  for (const [field, message] of [
    ["Interviewer", "Please select an interviewer."],
    ["End", "End time must be after start time."],
    ["Capacity", "Capacity must be at least 1."],
    ["Meeting link", /^Enter a full meeting link/],
  ] as const) {
    await expect(dialog.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: ".tmp/shots/slot-rules-375.png", fullPage: true });
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
  await dialog.getByLabel("End").fill("19:45");
  await dialog.getByLabel("Capacity").fill("1");
  await dialog.getByLabel("Meeting link").fill("");
  await dialog.getByRole("button", { name: "Save slot" }).click();
  await expect(dialog).toBeHidden();

  await addOnMonday.click();
  await dialog.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
  await dialog.getByLabel("Start").fill("19:30");
  await dialog.getByLabel("End").fill("20:15");
  await dialog.getByRole("button", { name: "Save slot" }).click();
  await expect(dialog.getByText(new RegExp(`^${name} already has a slot at .* 19:00–19:45\\.`))).toBeVisible();
  await expect(dialog.getByLabel("Start")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  // The audit log names the slot by its time and interviewer, not by its id.
  await page.goto("/admin?section=audit");
  await expect(page.getByText(new RegExp(`^Slot \\w{3} \\d{1,2} \\w{3} 19:00, ${name}$`)).first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test("the internship form shows every failing rule beside its field", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin?section=internships");
  const form = page.getByRole("form", { name: "Add internship" });
  await form.getByLabel("Weeks").fill("");
  await form.getByLabel("Seats").fill("0");
  await form.getByRole("button", { name: "Add internship" }).click();
  for (const [field, message] of [
    ["Mentor", /./],
    ["Start date", /./],
    ["Weeks", "An internship needs at least 1 week."],
    ["Seats", "Capacity must be at least 1."],
  ] as const) {
    await expect(form.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
    if (typeof message === "string") await expect(form.getByText(message)).toBeVisible();
  }
  await expectNoA11yViolations(page);
});

test("the workshop form shows every failing rule beside its field", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin?section=workshops");
  const form = page.getByRole("form", { name: "Add workshop" });
  await form.getByLabel("End").fill("");
  await form.getByLabel("Capacity").fill("0");
  await form.getByRole("button", { name: "Add workshop" }).click();
  for (const [field, message] of [
    ["Title", ADMIN_MESSAGES.workshopTitleRequired],
    ["Date", ADMIN_MESSAGES.workshopDateTimesRequired],
    ["End", ADMIN_MESSAGES.workshopDateTimesRequired],
    ["Capacity", "Capacity must be at least 1."],
  ] as const) {
    await expect(form.getByLabel(field, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(message).first()).toBeVisible();
  }
  await expectNoA11yViolations(page);
});

test("a phone taken by an interviewer with upcoming bookings offers to edit them, not to overwrite them", async ({
  page,
  db,
}) => {
  const suffix = String(Date.now() % 1e8).padStart(8, "0");
  const name = `Booked Interviewer ${suffix}`;
  const booked = await buildInterviewer(db, { name, phone: `+91 97${suffix}`, phone_key: `9197${suffix}` });
  const slot = await buildSlot(db, { interviewer_id: booked.id, interviewer_name: name });
  await buildBooking(db, { user_id: "overwrite-e2e-student", target_id: slot.id });

  await signInAsAdmin(page);
  await page.goto("/admin?section=interviewers");
  const form = page.getByRole("form", { name: "Add interviewer" });
  await form.getByLabel("Name").fill("Someone New");
  await form.getByLabel("Email").fill("someone.new@example.com");
  await form.getByLabel("Phone").fill(`+9197${suffix}`);
  await form.getByLabel("Qualification").fill("SDE");
  await form.getByLabel("Reviewed By").fill("Panel");
  await form.getByLabel("Service-based").check();
  await form.getByRole("button", { name: "Add interviewer" }).click();
  const dialog = page.getByRole("dialog", { name: "This phone number is already taken" });
  await expect(dialog).toContainText(`${name} has 1 upcoming booking, so the add form cannot overwrite them.`);
  await expect(dialog.getByRole("button", { name: "Overwrite" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Edit that interviewer" }).click();
  await expect(page.getByRole("form", { name: "Edit interviewer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit interviewer" }).getByLabel("Name")).toHaveValue(name);
});

test("a workshop's host cannot get a slot over the session, and students see who hosts it", async ({
  page,
  browser,
  db,
}) => {
  test.slow(); // the console, then a student's booking page, with axe on each new state
  const name = `Nisha Iyer ${Date.now() % 1e5}`;
  await buildInterviewer(db, {
    name,
    qualification: "Staff Engineer, Zoho",
    company_types: JSON.stringify(["service"]),
  });
  const monday = addDays(weekStartMonday(zonedDate(new Date(), "Asia/Kolkata")), 7);
  const title = `Hosted graphs ${Date.now() % 1e5}`;
  await signInAsAdmin(page);
  await page.goto("/admin?section=workshops");
  const form = page.getByRole("form", { name: "Add workshop" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date").fill(monday);
  await form.getByLabel("Start").fill("19:00");
  await form.getByLabel("End").fill("20:30");
  await form.getByLabel("Host").selectOption({ label: name });
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Add workshop" }).click();
  await expect(
    page
      .getByRole("list", { name: "Workshop sessions, latest first" })
      .getByRole("listitem")
      .filter({ hasText: title }),
  ).toContainText(`Hosted by ${name}`);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Next week" }).click();
  await page
    .getByRole("button", { name: /\+ Add slot/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Add slot/ });
  await dialog.getByLabel("Interviewer").selectOption({ label: `${name} (service)` });
  await dialog.getByLabel("Start").fill("19:30");
  await dialog.getByLabel("End").fill("20:15");
  await dialog.getByRole("button", { name: "Save slot" }).click();
  const start = dialog.getByLabel("Start");
  await expect(start).toHaveAttribute("aria-invalid", "true");
  await expect(start).toHaveAccessibleDescription(
    new RegExp(
      `^${name} already hosts the workshop “${title}” at .* 19:00–20:30\\. Pick a time that does not overlap it\\.$`,
    ),
  );
  await expectNoA11yViolations(page);
  // Right after the session it is free.
  await start.fill("20:30");
  await dialog.getByLabel("End").fill("21:15");
  await dialog.getByRole("button", { name: "Save slot" }).click();
  await expect(dialog).toBeHidden();

  const student = await (await browser.newContext()).newPage();
  await signIn(student, uniqueEmail("hosted"), "/onboarding?type=workshop");
  const card = student.getByRole("button", { name: new RegExp(title) });
  await expect(card).toContainText(`Hosted by ${name}, Staff Engineer, Zoho`);
  await expectNoA11yViolations(student);
});
