import http from "node:http";
import { sql } from "kysely";
import { insertAdmin } from "../src/server/modules/admins/repository.js";
import { buildSlot, findUserId } from "../src/server/test/builders.js";
import {
  dayTab,
  E2E_PORT,
  expect,
  expectNoA11yViolations,
  latestMessageTo,
  pickTime,
  SAME_ORIGIN,
  signIn,
  test,
  uniqueEmail,
  untilListed,
} from "./fixtures.js";

/** Another site, on another origin, that tries to act for whoever visits it. */
const attackerPort = E2E_PORT + 6000;
let attackerPage = "";
const attacker = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackerPage);
});
test.beforeAll(() => new Promise<void>((resolve) => attacker.listen(attackerPort, "127.0.0.1", resolve)));
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test.describe("security in the browser", () => {
  test("a form on another site cannot take a seat for a signed-in student", async ({ page, db }) => {
    const slot = await buildSlot(db, { capacity: 1 });
    const email = uniqueEmail("csrf");
    await signIn(page, email, "/onboarding?type=mockInterview");
    // A text/plain form whose body reads as JSON: the classic way around a JSON API's preflight.
    attackerPage = `<!doctype html><html lang="en"><title>Win a laptop</title><body>
<form method="post" action="http://localhost:${E2E_PORT}/api/holds" enctype="text/plain">
<input type="hidden" name='{"kind":"mock","targetId":"${slot.id}","pad":"' value='"}'></form>
<script>document.forms[0].submit();</script></body></html>`;
    await page.goto(`http://127.0.0.1:${attackerPort}/`);
    await expect(page.locator("body")).toContainText('"code":"CROSS_SITE"');
    const userId = await findUserId(db, email);
    const holds = await db.selectFrom("holds").select("id").where("user_id", "=", userId).execute();
    expect(holds).toEqual([]);
  });

  test("leaving the booking page releases the held seat", async ({ browser, db }) => {
    const interviewer = `Kavya ${Date.now()}`;
    const slot = await buildSlot(db, { interviewer_name: interviewer, capacity: 1 });
    const leaver = await (await browser.newContext()).newPage();
    await untilListed(leaver.request, interviewer);
    const email = uniqueEmail("leaver");
    await signIn(leaver, email, "/onboarding?type=mockInterview");
    await leaver.getByLabel("Service-based").check();
    await pickTime(leaver, interviewer, slot.start_at);
    await expect(leaver.getByRole("timer")).toBeVisible();
    const heldBy = () => db.selectFrom("holds").select("id").where("target_id", "=", slot.id).execute();
    expect((await heldBy()).length).toBe(1);
    // The page-leave beacon is a bodyless same-origin POST, which the cross-site guard lets through.
    await leaver.goto("/");
    await expect.poll(async () => (await heldBy()).length).toBe(0);

    const other = await (await browser.newContext()).newPage();
    await signIn(other, uniqueEmail("next"), "/onboarding?type=mockInterview");
    await other.getByLabel("Service-based").check();
    await dayTab(other, slot.start_at).click();
    const seat = other.getByRole("radio", { name: new RegExp(interviewer) });
    await expect(seat).toHaveAccessibleName(/1 seat left/);
    await expect(seat).toBeEnabled();
  });

  test("an admin whose sign-in is older than 10 minutes is offered to sign in again to add an admin", async ({
    page,
    db,
  }) => {
    const email = uniqueEmail("stale-admin");
    await insertAdmin(db, email, "e2e");
    const sent = await page.request.post("/api/auth/sign-in/magic-link", {
      data: { email, callbackURL: "/admin" },
      headers: SAME_ORIGIN,
    });
    expect(sent.ok()).toBe(true);
    const link = (await latestMessageTo(page.request, email, /sign-in link/)).text.match(/https?:\/\/\S+/)?.[0] ?? "";
    // Signed in (the link sets the session cookie), then the clock moves 11 minutes on.
    await page.request.get(link, { maxRedirects: 0 });
    const userId = await findUserId(db, email);
    const earlier = new Date(Date.now() - 11 * 60_000).toISOString();
    await sql`update "session" set "createdAt" = ${earlier} where "userId" = ${userId}`.execute(db);

    await page.goto("/admin?section=admins");
    await page.getByLabel("Add an admin by e-mail").fill(uniqueEmail("new-admin"));
    await page.getByRole("button", { name: "Add admin" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "please sign in again" });
    await expect(alert).toContainText(
      "For this change, please sign in again: it needs a sign-in from the last 10 minutes.",
    );
    await expectNoA11yViolations(page);
    await alert.getByRole("button", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
    await expect(page.getByRole("heading", { name: "Admin sign-in" })).toBeVisible();
  });
});
