import { buildBooking, buildSlot, findUserId } from "../src/server/test/builders.js";
import { PAGINATION_MESSAGES } from "../src/shared/messages.js";
import { PAGE_SIZE } from "../src/shared/schemas/pagination.js";
import { expect, expectNoA11yViolations, signIn, signInAsAdmin, test, uniqueEmail } from "./fixtures.js";

const MORE_THAN_A_PAGE = PAGE_SIZE + 7;

test.describe("the console's bookings list, a page at a time", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("shows one page, loads the next from the keyboard, and ends when nothing is left", async ({
    page,
    browser,
    db,
  }) => {
    const email = uniqueEmail("pages");
    const student = await (await browser.newContext()).newPage();
    await signIn(student, email, "/dashboard");
    const user_id = await findUserId(db, email);
    // A month of missed sessions long ago: nothing else in the shared database falls in it.
    for (let n = 0; n < MORE_THAN_A_PAGE; n++) {
      const start = new Date(Date.UTC(2020, 2, 1, 4, 30) + n * 3_600_000 * 9);
      const slot = await buildSlot(db, {
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 2_700_000).toISOString(),
        interviewer_name: `Pager ${n}`,
      });
      await buildBooking(db, { user_id, target_id: slot.id, status: "no_show" });
    }

    await signInAsAdmin(page);
    await page.goto("/admin?section=bookings");
    await page.getByLabel("Status").selectOption("no_show");
    await page.getByLabel("Sessions from").fill("2020-03-01");
    await page.getByLabel("Sessions to").fill("2020-03-31");
    const rows = page.getByRole("listitem").filter({ hasText: email });
    await expect(rows).toHaveCount(PAGE_SIZE);
    // Settled sessions come latest first.
    await expect(rows.first()).toContainText(`with Pager ${MORE_THAN_A_PAGE - 1}`);

    const more = page.getByRole("button", { name: PAGINATION_MESSAGES.loadMore });
    await more.focus();
    await expect(more).toBeFocused();
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(MORE_THAN_A_PAGE);
    await expect(rows.last()).toContainText("with Pager 0");
    await expect(more).toHaveCount(0);
  });
});
