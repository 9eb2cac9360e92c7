import { MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

test.describe("slots that fail to load, at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the failure shows at once with Try again, which loads them when the network is back", async ({ page }) => {
    await page.route("**/api/slots/days?*", (route) => route.abort("internetdisconnected"));
    await signIn(page, uniqueEmail("slots-offline"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    const failure = page.getByRole("alert").filter({ hasText: MESSAGES.slotsLoadFailedTitle });
    // Shown after the first failed read, while the backoff's retries go on (they used to keep the spinner up).
    await expect(failure).toBeVisible();
    await expect(page.getByText("Loading slots…")).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.unrouteAll();
    await failure.getByRole("button", { name: MESSAGES.slotsTryAgain }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByText("Loading slots…")).toHaveCount(0);
  });
});
