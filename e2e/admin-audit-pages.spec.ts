import { randomUUID } from "node:crypto";
import { AUDIT_PAGE_SIZE } from "../src/shared/schemas/audit.js";
import { expect, expectNoA11yViolations, signInAsAdmin, test } from "./fixtures.js";

const MORE_THAN_A_PAGE = AUDIT_PAGE_SIZE + 7;

test("the audit log shows the newest fifty changes, the older ones a page at a time, each once", async ({
  page,
  db,
}) => {
  const tag = randomUUID().slice(0, 8);
  // Long ago: whatever else the shared database holds is newer, so these are the last entries.
  await db
    .insertInto("audit_log")
    .values(
      Array.from({ length: MORE_THAN_A_PAGE }, (_, n) => ({
        id: `audit-${tag}-${n}`,
        actor_email: "ops@example.com",
        action: "update",
        entity: "interviewer",
        entity_id: `interviewer-${tag}`,
        before: JSON.stringify({ name: `Paged ${tag}` }),
        after: JSON.stringify({ name: `Paged ${tag} ${String(n).padStart(2, "0")}` }),
        created_at: new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
      })),
    )
    .execute();

  await signInAsAdmin(page);
  await page.goto("/admin?section=audit");
  const entries = page.getByRole("listitem").filter({ has: page.getByText("Before and after") });
  const mine = entries.filter({ hasText: `Interviewer Paged ${tag} ` });
  const more = page.getByRole("button", { name: "Show older entries" });
  await expect(more).toBeVisible();
  await expect(entries).toHaveCount(AUDIT_PAGE_SIZE);
  await expectNoA11yViolations(page);
  while (await more.isVisible()) {
    const before = await entries.count();
    await more.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => entries.count()).toBeGreaterThan(before);
    expect((await entries.count()) - before).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
  }
  await expect(mine).toHaveCount(MORE_THAN_A_PAGE);
  await expect(mine.first()).toContainText(`Interviewer Paged ${tag} ${MORE_THAN_A_PAGE - 1}`);
  await expect(mine.last()).toContainText(`Interviewer Paged ${tag} 00`);
});
