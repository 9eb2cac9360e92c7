import { MESSAGES } from "../src/shared/messages.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

type Marked = { tryAgainClicked?: boolean };

test.describe("slots that fail to load, at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the failure shows at once with Try again, which loads them when the network is back", async ({ page }) => {
    // Offline until the student clicks Try again: the backoff's own retries keep failing, so it is the
    // click that loads the slots (a retry between going online and the click would hide the button).
    await page.route("**/api/slots/days?*", async (route) => {
      const clicked = await page.evaluate(() => (window as Marked).tryAgainClicked === true).catch(() => false);
      return clicked ? route.fallback() : route.abort("internetdisconnected");
    });
    await signIn(page, uniqueEmail("slots-offline"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    const failure = page.getByRole("alert").filter({ hasText: MESSAGES.slotsLoadFailedTitle });
    // Shown after the first failed read, while the backoff's retries go on (they used to keep the spinner up).
    await expect(failure).toBeVisible();
    await expect(page.getByText("Loading slots…")).toHaveCount(0);
    await expectNoA11yViolations(page);

    const tryAgain = failure.getByRole("button", { name: MESSAGES.slotsTryAgain });
    await tryAgain.evaluate((button) =>
      button.addEventListener("click", () => Object.assign(window, { tryAgainClicked: true }), { capture: true }),
    );
    await tryAgain.click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByText("Loading slots…")).toHaveCount(0);
  });
});
