import type { Locator, Page } from "@playwright/test";
import { buildCompletedProfile, findUserId } from "../src/server/test/builders.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

/** The element lies wholly inside the viewport, left and right. */
async function expectWithinWidth(page: Page, element: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test.describe("the student's dashboard at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a new student is welcomed, not welcomed back, and the chip shows the profile's name", async ({ page, db }) => {
    const email = uniqueEmail("newcomer");
    await signIn(page, email, "/dashboard");
    await buildCompletedProfile(db, await findUserId(db, email), { first_name: "Meera", last_name: "Nair" });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Meera" })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    const chip = page.getByRole("link", { name: /Profile of Meera/ });
    await expect(chip).toBeVisible();
    await expect(chip).not.toContainText(email);
  });

  test("every menu item, the whole search box and the notifications panel fit the screen", async ({ page }) => {
    await signIn(page, uniqueEmail("phone"), "/dashboard");
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    for (const name of ["Overview", "Interviews", "Workshops", "Internships", "Profile"]) {
      await expectWithinWidth(page, menu.getByRole("link", { name }));
    }
    await expectWithinWidth(page, menu.getByRole("button", { name: "Logout" }));

    const search = page.getByRole("searchbox", { name: /Search your sessions/ });
    await expectWithinWidth(page, search);
    const placeholderFits = await search.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(input).font;
      probe.style.whiteSpace = "pre";
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(input);
      return needed <= input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    });
    expect(placeholderFits).toBe(true);

    await page.getByRole("button", { name: /^Notifications/ }).click();
    const panel = page.getByRole("heading", { name: "Notifications", level: 2 }).locator("..").locator("..");
    await expect(panel).toBeVisible();
    await expectWithinWidth(page, panel);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: ".tmp/shots/dashboard-375-notifications.png" });
  });
});
