import type { Page } from "@playwright/test";
import { NETWORK_MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, test } from "./fixtures.js";

/** Opens a page, then cuts every script not yet loaded and moves in the app to the admin sign-in page. */
async function openAnotherPageWithScriptsCut(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Sign in to see your dashboard" })).toBeVisible();
  await page.route("**/assets/**/*.js", (route) => route.abort("internetdisconnected"));
  await page.evaluate(() => {
    window.history.pushState({}, "", "/admin-login");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
}

test.describe("a part of the app that does not load", () => {
  test("says the connection is the problem when the same build is still served", async ({ page }) => {
    await openAnotherPageWithScriptsCut(page);
    await expect(page.getByRole("heading", { name: NETWORK_MESSAGES.connectionProblemTitle })).toBeVisible();
    await expect(page.getByText(NETWORK_MESSAGES.newVersionTitle)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("says a new version is available when the server serves another build", async ({ page }) => {
    await page.route("**/admin-login", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<script type="module"[^>]*src="[^"]*?)(\.js")/, "$1-next$2");
      await route.fulfill({ response, body: html });
    });
    await openAnotherPageWithScriptsCut(page);
    await expect(page.getByRole("heading", { name: NETWORK_MESSAGES.newVersionTitle })).toBeVisible();
    await expect(page.getByText(NETWORK_MESSAGES.newVersionBody)).toBeVisible();
  });
});
