import type { Locator } from "@playwright/test";
import { buildSlot } from "../src/server/test/builders.js";
import { addDays, zonedDate, zonedToInstant } from "../src/shared/time.js";
import { expect, signIn, test, uniqueEmail } from "./fixtures.js";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

test.describe("the booking page at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("nothing covers the day strip or the chosen day: not the Proceed bar, not the strip's hints", async ({
    page,
    db,
  }) => {
    const today = zonedDate(new Date(), "Asia/Kolkata");
    for (let days = 2; days <= 11; days++) {
      const day = addDays(today, days);
      await buildSlot(db, {
        start_at: zonedToInstant(day, "12:00", "Asia/Kolkata").toISOString(),
        end_at: zonedToInstant(day, "12:45", "Asia/Kolkata").toISOString(),
      });
    }
    await signIn(page, uniqueEmail("strip"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    const strip = page.getByRole("tablist", { name: "Days with free times" });
    await expect(strip).toBeVisible();
    const proceed = page.getByRole("button", { name: "Proceed to Payment" });
    expect(overlaps(await boxOf(strip), await boxOf(proceed))).toBe(false);

    // A day far along the strip, chosen by keyboard: it scrolls into view clear of both hints.
    const first = strip.getByRole("tab").first();
    await first.focus();
    for (let step = 0; step < 6; step++) await page.keyboard.press("ArrowRight");
    const chosen = strip.getByRole("tab", { selected: true });
    await expect(chosen).toBeFocused();
    const hints = strip.locator("..").locator("[data-scroll-hint]");
    await expect(hints.first()).toBeVisible();
    await expect
      .poll(async () => {
        const day = await boxOf(chosen);
        const covered = await Promise.all((await hints.all()).map(async (hint) => overlaps(await boxOf(hint), day)));
        return covered.some(Boolean);
      })
      .toBe(false);
  });
});
