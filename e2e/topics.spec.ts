import { randomBytes } from "node:crypto";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

test("an admin adds an internship track: booking and the landing list it at its price; unused, it can be removed", async ({
  browser,
}) => {
  const label = `Game development ${randomBytes(3).toString("hex")}`;
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin?section=pricing");
  const add = admin.getByRole("form", { name: "Add a topic or track" });
  await add.getByLabel("Kind").selectOption({ label: "Internship track" });
  await add.getByLabel("Name").fill(label);
  await add.getByLabel("Price (₹)").fill("2999");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(admin.getByRole("form", { name: label, exact: true })).toContainText("Now ₹2,999, available");
  await expect(admin.getByRole("form", { name: `Topic ${label}` })).toBeVisible();
  await expectNoA11yViolations(admin);

  const student = await (await browser.newContext()).newPage();
  await signIn(student, uniqueEmail("student"), "/onboarding?type=internship");
  await expect(student.getByRole("radio", { name: new RegExp(label) })).toBeVisible();
  await student.goto("/");
  const listed = student.locator("#internship").getByText(label);
  await expect(listed).toBeVisible();
  await expect(student.locator("#internship li").filter({ hasText: label })).toContainText("₹2,999");

  await admin.getByRole("button", { name: `Remove ${label}` }).click();
  await expect(admin.getByRole("form", { name: `Topic ${label}` })).toHaveCount(0);
  await student.goto("/onboarding?type=internship");
  await expect(student.getByRole("radio", { name: /Mobile internship/ })).toBeVisible();
  await expect(student.getByRole("radio", { name: new RegExp(label) })).toHaveCount(0);
});
