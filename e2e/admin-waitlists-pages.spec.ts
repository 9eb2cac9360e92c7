import { randomUUID } from "node:crypto";
import { buildSlot } from "../src/server/test/builders.js";
import { PAGINATION_MESSAGES } from "../src/shared/messages.js";
import { PAGE_SIZE } from "../src/shared/schemas/pagination.js";
import { expect, expectNoA11yViolations, signInAsAdmin, test } from "./fixtures.js";

const MORE_THAN_A_PAGE = PAGE_SIZE + 3;

test("the console's waitlists come a page at a time; a line cut by a page goes on in the same card", async ({
  page,
  db,
}) => {
  const tag = randomUUID().slice(0, 6);
  const interviewer = `Long line ${tag}`;
  // Years ahead, unpublished: sessions come soonest first, so this line comes after every other
  // spec's (none of theirs moves to a later page) and, longer than a page, runs past a page's end.
  const start = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 0, 1, 4, 30));
  const slot = await buildSlot(db, {
    interviewer_name: interviewer,
    status: "draft",
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 2_700_000).toISOString(),
  });
  for (let n = 1; n <= MORE_THAN_A_PAGE; n++) {
    const at = new Date(Date.UTC(2018, 11, 1) + n * 60_000).toISOString();
    const id = `line-${tag}-${n}`;
    const email = `${id}@example.com`;
    await db
      .insertInto("user")
      .values({ id, name: "", email, emailVerified: 1, image: null, createdAt: at, updatedAt: at })
      .execute();
    await db
      .insertInto("waitlist_entries")
      .values({
        id,
        user_id: id,
        kind: "mock",
        target_id: slot.id,
        package_key: "service",
        status: "waiting",
        offer_expires_at: null,
        offered_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  await signInAsAdmin(page);
  await page.goto("/admin?section=waitlists");
  const card = page.getByRole("listitem").filter({ hasText: `Mock interview with ${interviewer}` });
  const rows = card.getByRole("row").filter({ hasText: `line-${tag}-` });
  const more = page.getByRole("button", { name: PAGINATION_MESSAGES.loadMore });
  await more.focus();
  await expect(more).toBeFocused();
  await expectNoA11yViolations(page);
  // Page by page from the keyboard (the button keeps the focus), until the whole line is shown.
  const everyRow = page.getByRole("row");
  const shownOfLine = [await rows.count()];
  while ((await rows.count()) < MORE_THAN_A_PAGE) {
    const before = await everyRow.count();
    await expect(more).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => everyRow.count()).toBeGreaterThan(before);
    shownOfLine.push(await rows.count());
  }
  // The line ran past a page's end: it was shown in part, then whole, in one card.
  expect(shownOfLine.some((shown) => shown > 0 && shown < MORE_THAN_A_PAGE)).toBe(true);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${MORE_THAN_A_PAGE} in line`);
  await expect(more).toHaveCount(0);
  await expect(rows.first()).toContainText(`line-${tag}-1@`);
  await expect(rows.last()).toContainText(`line-${tag}-${MORE_THAN_A_PAGE}@`);
  await expect(rows.last().getByRole("cell").first()).toHaveText(String(MORE_THAN_A_PAGE));
});
