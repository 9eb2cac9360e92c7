import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

/** The item comes to lie wholly inside the viewport's width (the row scrolls it there). */
async function expectInView(page: Page, item: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(async () => {
      const box = await item.boundingBox();
      return Boolean(box && box.x >= 0 && box.x + box.width <= width);
    })
    .toBe(true);
}

test.describe("tabs at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the console's tabs show that more are off-screen and keep the active tab in view", async ({ page }) => {
    await signInAsAdmin(page);
    const tabs = page.getByRole("tablist", { name: "Console sections" }).locator("..");
    await expect(tabs.locator('[data-scroll-hint="after"]')).toBeVisible();
    await expect(tabs.locator('[data-scroll-hint="before"]')).toHaveCount(0);
    await page.screenshot({ path: ".tmp/shots/tabs-375-start.png" });

    await page.goto("/admin?section=audit");
    const audit = page.getByRole("tab", { name: "Audit log" });
    await expect(audit).toHaveAttribute("aria-selected", "true");
    await expect(tabs.locator('[data-scroll-hint="before"]')).toBeVisible();
    await expectInView(page, audit);
    await audit.press("Home");
    await expectInView(page, page.getByRole("tab", { name: "Slots" }));
    await page.keyboard.press("ArrowLeft");
    await expectInView(page, page.getByRole("tab", { name: "Audit log" }));
    await expectNoA11yViolations(page);
    await page.screenshot({ path: ".tmp/shots/tabs-375-end.png" });
  });

  test("the dashboard's menu keeps the current page in view", async ({ page }) => {
    await signIn(page, uniqueEmail("tabs"), "/dashboard");
    await page.goto("/dashboard?tab=profile");
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    const profile = menu.getByRole("link", { name: "Profile" });
    await expect(profile).toHaveAttribute("aria-current", "page");
    await expectInView(page, profile);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: ".tmp/shots/dashboard-375.png" });
  });
});
