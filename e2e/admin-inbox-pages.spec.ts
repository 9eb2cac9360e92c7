import { randomUUID } from "node:crypto";
import { insertContactMessage } from "../src/server/modules/contact/repository.js";
import { PAGE_SIZE } from "../src/shared/schemas/pagination.js";
import { expect, expectNoA11yViolations, signInAsAdmin, test } from "./fixtures.js";

const MORE_THAN_A_PAGE = PAGE_SIZE + 7;

test.describe("the console's inbox, a page at a time", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("shows the newest messages first and the older ones on demand, each once", async ({ page, db }) => {
    const tag = randomUUID().slice(0, 8);
    // Long ago: whatever else the shared database holds is newer, so these are the last ones.
    for (let n = 0; n < MORE_THAN_A_PAGE; n++) {
      await insertContactMessage(db, {
        id: `inbox-${tag}-${n}`,
        name: "Asha",
        email: "asha@example.com",
        subject: `Paged ${tag} ${String(n).padStart(2, "0")}`,
        message: "Hello",
        handled_at: null,
        created_at: new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
      });
    }

    await signInAsAdmin(page);
    await page.goto("/admin?section=messages");
    const mine = page.getByRole("heading", { name: new RegExp(`^Paged ${tag}`) });
    const more = page.getByRole("button", { name: "Show older messages" });
    await expect(more).toBeVisible();
    expect(await mine.count()).toBeLessThan(MORE_THAN_A_PAGE);
    await expectNoA11yViolations(page);
    while (await more.isVisible()) {
      const before = await page.getByRole("listitem").count();
      await more.click();
      await expect.poll(() => page.getByRole("listitem").count()).toBeGreaterThan(before);
    }
    await expect(mine).toHaveCount(MORE_THAN_A_PAGE);
    await expect(mine.first()).toHaveText(new RegExp(`Paged ${tag} ${MORE_THAN_A_PAGE - 1}`));
    await expect(mine.last()).toHaveText(new RegExp(`Paged ${tag} 00`));
  });
});
