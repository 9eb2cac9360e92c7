import { expect, signInAsAdmin, test } from "./fixtures.js";

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
