import { sql } from "kysely";
import { ADMIN_MESSAGES } from "../src/shared/messages.js";
import { ADMIN_EMAIL, expect, expectNoA11yViolations, signIn, signInAsAdmin, test } from "./fixtures.js";

test.describe("an admin whose 12-hour sign-in ran out", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("sees the section with one way forward, nothing editable, and signs in again back to it", async ({
    page,
    db,
  }) => {
    // Waits out the server's 30-s memory of a verified session below, on top of two sign-ins: more
    // than the 45 s a test gets on a loaded machine.
    test.slow();
    await signInAsAdmin(page);
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
    const token = decodeURIComponent(cookie?.value ?? "").split(".")[0] ?? "";
    const thirteenHoursAgo = new Date(Date.now() - 13 * 3_600_000).toISOString();
    await sql`update session set "createdAt" = ${thirteenHoursAgo} where token = ${token}`.execute(db);
    // The server remembers a verified session for up to 30 s (plugins/auth.ts): wait until it reads it again.
    await expect
      .poll(async () => (await page.request.get("/api/admin/admins")).status(), { timeout: 45_000, intervals: [2_000] })
      .toBe(401);

    await page.goto("/admin?section=slots");
    await expect(page.getByRole("heading", { level: 2, name: "Slots" })).toBeVisible();
    await expect(page.getByText(ADMIN_MESSAGES.adminSessionExpired)).toBeVisible();
    await expect(page.getByRole("button", { name: /Add slot/ })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: ADMIN_MESSAGES.signInAgain }).click();
    await expect(page).toHaveURL(/\/admin-login\?section=slots$/);
    await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
    await signIn(page, ADMIN_EMAIL, "/admin?section=slots");
    await expect(page.getByRole("heading", { level: 2, name: "Slots" })).toBeVisible();
    await expect(page.getByText(ADMIN_MESSAGES.adminSessionExpired)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Add slot/ }).first()).toBeVisible();
  });
});
