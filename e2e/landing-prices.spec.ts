import { LAST_KNOWN_CATALOG_KEY } from "../src/shared/constants.js";
import { CATALOG_LOAD_MESSAGES } from "../src/shared/messages.js";
import { formatPaise } from "../src/shared/money.js";
import type { CatalogResponse } from "../src/shared/schemas/catalog.js";
import { expect, expectNoA11yViolations, test } from "./fixtures.js";

test.describe("the landing page's prices at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("a price read that fails says so in seconds, keeps the last known prices and tries again", async ({ page }) => {
    // A first visit reads a price no build could contain, so the browser remembers it.
    // Answered at once from a catalog read beforehand, so a busy server cannot run the read past its time limit.
    const catalog = (await (await page.request.get("/api/catalog")).json()) as CatalogResponse;
    const items = catalog.items.map((item) => (item.key === "service" ? { ...item, pricePaise: 123_400 } : item));
    await page.route("**/api/catalog", (route) => route.fulfill({ json: { ...catalog, items } }));
    await page.goto("/");
    const service = page.locator("#mockInterview").getByRole("listitem").filter({ hasText: "Service-based" });
    await expect(service).toContainText(formatPaise(123_400), { timeout: 15_000 });
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key), LAST_KNOWN_CATALOG_KEY))
      .toContain("123400");

    // Then the server cannot be reached (a read still in flight ends quietly).
    // Offline until the click itself: the page's own retries, on their backoff, keep failing until then.
    let online = false;
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.route("**/api/catalog", (route) => (online ? route.continue() : route.abort("internetdisconnected")));
    await page.reload();
    const mock = page.locator("#mockInterview");
    await expect(mock.getByText(CATALOG_LOAD_MESSAGES.failed)).toBeVisible();
    await expect(service).toContainText(formatPaise(123_400));
    await expect(service).toContainText(CATALOG_LOAD_MESSAGES.lastKnown);
    await expect(page.getByText("Loading price…")).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Back online: one click shows the current prices.
    const tryAgain = mock.getByRole("button", { name: CATALOG_LOAD_MESSAGES.tryAgain });
    await tryAgain.focus();
    online = true;
    await page.keyboard.press("Enter");
    await expect(service).toContainText("Available");
    await expect(service).not.toContainText(CATALOG_LOAD_MESSAGES.lastKnown);
    await expect(mock.getByText(CATALOG_LOAD_MESSAGES.failed)).toHaveCount(0);
  });
});
