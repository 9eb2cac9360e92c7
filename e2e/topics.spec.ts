import { randomBytes } from "node:crypto";
import { buildWorkshop } from "../src/server/test/builders.js";
import { expect, expectNoA11yViolations, SAME_ORIGIN, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

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

test("a workshop on an admin-added topic is named by its label when booked, and a rename shows on the next visit", async ({
  browser,
  db,
}) => {
  test.slow(); // an admin and a student, through payment, with axe on the way
  const suffix = randomBytes(3).toString("hex");
  const label = `Cloud workshop ${suffix}`;
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const added = await admin.request.post("/api/admin/topics", {
    data: { kind: "workshop", label, priceRupees: 1099, available: true },
    headers: SAME_ORIGIN,
  });
  expect(added.status()).toBe(201);
  const { key } = (await added.json()) as { key: string };
  const title = `Serverless basics ${suffix}`;
  const start = Date.now() + 90 * 3_600_000;
  await buildWorkshop(db, {
    topic_key: key,
    title,
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + 2 * 3_600_000).toISOString(),
  });

  const student = await (await browser.newContext()).newPage();
  await signIn(student, uniqueEmail("cloud"), "/onboarding?type=workshop");
  const topic = student.getByRole("region", { name: label });
  await topic.getByRole("button", { name: new RegExp(title) }).click();
  await expect(student.getByText(`${label} · ${title} (Intermediate)`)).toBeVisible();
  await student.getByRole("button", { name: "Proceed to Payment" }).click();
  await student.getByRole("button", { name: "Pay ₹1,099" }).click();
  await expect(student.getByRole("heading", { name: "You're booked!" })).toBeVisible();
  await expect(student.getByText(`${label} · ${title}`)).toBeVisible();
  await expect(student.getByText(key)).toHaveCount(0);
  await expectNoA11yViolations(student);

  const renamed = `Cloud engineering ${suffix}`;
  await admin.goto("/admin?section=pricing");
  const row = admin.getByRole("form", { name: `Topic ${label}` });
  await row.getByLabel(`Name of ${label}`).fill(renamed);
  await row.getByRole("button", { name: `Rename ${label}` }).click();
  await expect(admin.getByRole("form", { name: `Topic ${renamed}` })).toBeVisible();

  await student.reload();
  await expect(student.getByText(`${renamed} · ${title}`)).toBeVisible();
  await student.goto("/dashboard?tab=workshops");
  await expect(student.getByRole("listitem").filter({ hasText: title }).first()).toContainText(renamed);
});
