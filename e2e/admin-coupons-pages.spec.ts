import { randomUUID } from "node:crypto";
import { PAGINATION_MESSAGES } from "../src/shared/messages.js";
import { PAGE_SIZE } from "../src/shared/schemas/pagination.js";
import { expect, signInAsAdmin, test } from "./fixtures.js";

const MORE_THAN_A_PAGE = PAGE_SIZE + 3;

test("the console's coupons come newest first, older ones with Load more, each once", async ({ page, db }) => {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  // Long ago: every other coupon in the shared database is newer, so these are the last ones.
  for (let n = 0; n < MORE_THAN_A_PAGE; n++) {
    const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString();
    await db
      .insertInto("coupons")
      .values({
        id: `coupon-${tag}-${n}`,
        code: `OLD${tag}${String(n).padStart(2, "0")}`,
        percent_off: 10,
        amount_off_paise: null,
        max_redemptions: null,
        valid_from: null,
        valid_to: null,
        packages: "[]",
        active: 1,
        created_by: "admin@example.com",
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  await signInAsAdmin(page);
  await page.goto("/admin?section=coupons");
  const list = page.getByRole("list", { name: "Coupons" });
  const mine = list.getByRole("listitem").filter({ hasText: `OLD${tag}` });
  const more = page.getByRole("button", { name: PAGINATION_MESSAGES.loadMore });
  await expect(more).toBeVisible();
  expect(await mine.count()).toBeLessThan(MORE_THAN_A_PAGE);
  while (await more.isVisible()) {
    const before = await list.getByRole("listitem").count();
    await more.click();
    await expect.poll(() => list.getByRole("listitem").count()).toBeGreaterThan(before);
  }
  await expect(mine).toHaveCount(MORE_THAN_A_PAGE);
  await expect(mine.first()).toContainText(`OLD${tag}${MORE_THAN_A_PAGE - 1}`);
  await expect(mine.last()).toContainText(`OLD${tag}00`);
});
