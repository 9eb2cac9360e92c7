import { expect, SAME_ORIGIN, signInAsAdmin, test } from "./fixtures.js";

test.describe("the console's words", () => {
  test("an admin's date is written as people read it, in the platform zone", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin?section=admins");
    const admins = page.getByRole("list", { name: "Admins" });
    await expect(admins.getByText(/^Added /).first()).toBeVisible();
    await expect(
      admins.getByText(/Added \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m IST/).first(),
    ).toBeVisible();
    await expect(admins.getByText(/Added \d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  });
});

test.describe("the audit log's dates", () => {
  test("a change's stored times read in the platform zone, never as ISO text", async ({ page }) => {
    await signInAsAdmin(page);
    const name = `Audit Dates ${Date.now()}`;
    const added = await page.request.post("/api/admin/interviewers", {
      headers: SAME_ORIGIN,
      data: {
        name,
        email: `audit-${Date.now()}@example.com`,
        phone: `+91 96${String(Date.now()).slice(-8)}`,
        qualification: "Staff Engineer",
        reviewedBy: "Panel",
        companyTypes: ["service"],
      },
    });
    expect(added.ok()).toBe(true);
    await page.goto("/admin?section=audit");
    const entry = page.getByRole("listitem").filter({ hasText: name }).first();
    await entry.getByText("Before and after").click();
    const table = entry.getByRole("table");
    await expect(table.getByRole("row", { name: /created_at/ })).toContainText(/\d{1,2} [A-Z][a-z]{2,3} \d{4}, .+ IST/);
    await expect(table).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});
