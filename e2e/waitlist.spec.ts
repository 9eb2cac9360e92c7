import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { buildBooking, buildInternship, buildSlot, findUserId } from "../src/server/test/builders.js";
import { PROGRAMME_MESSAGES } from "../src/shared/messages.js";
import { addDays, formatDayLabel, zonedDate } from "../src/shared/time.js";
import {
  expect,
  expectNoA11yViolations,
  latestMessageTo,
  signIn,
  signInAsAdmin,
  test,
  uniqueEmail,
  untilListed,
} from "./fixtures.js";

const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/** A student of their own (cookies and all) in a fresh browser context. */
async function studentPage(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, path);
  return page;
}

test.describe("waitlist", () => {
  test("a student joins the waitlist of a full slot, is offered the seat when another's hold is released, and pays for it", async ({
    browser,
    db,
    request,
  }) => {
    test.slow();
    const interviewer = uniqueName("Nisha");
    await buildSlot(db, {
      interviewer_name: interviewer,
      capacity: 1,
      start_at: new Date(Date.now() + 49 * 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 49.75 * 3_600_000).toISOString(),
    });
    const slotStart = new Date(Date.now() + 49 * 3_600_000).toISOString();
    const dayTab = (page: Page) =>
      page.getByRole("tab", { name: new RegExp(formatDayLabel(zonedDate(new Date(slotStart), "Asia/Kolkata"))) });

    await untilListed(request, interviewer);
    const holder = await studentPage(browser, uniqueEmail("holder"), "/onboarding?type=mockInterview");
    await holder.getByLabel("Service-based").check();
    await dayTab(holder).click();
    await holder.getByRole("radio", { name: new RegExp(interviewer) }).click();
    await expect(holder.getByRole("timer")).toBeVisible();

    const waiterEmail = uniqueEmail("waiter");
    const waiter = await studentPage(browser, waiterEmail, "/onboarding?type=mockInterview");
    await waiter.getByLabel("Service-based").check();
    const fullTime = waiter.getByRole("listitem").filter({ hasText: interviewer });
    const join = fullTime.getByRole("button", { name: /^Join the waitlist: the slot of / });
    await expect(join).toBeVisible();
    await expectNoA11yViolations(waiter);
    await join.click();
    await expect(fullTime.getByText("You are number 1 in line.")).toBeVisible();
    await expectNoA11yViolations(waiter);
    // The dashboard shows the same place in line.
    const dashboard = await waiter.context().newPage();
    await dashboard.goto("/dashboard");
    const places = dashboard.getByRole("region", { name: "Waitlists" });
    await expect(places.getByText(`Mock interview with ${interviewer}`)).toBeVisible();
    await expect(places.getByText("You are number 1 in line.")).toBeVisible();
    await expectNoA11yViolations(dashboard);
    await dashboard.close();

    const admin = await browser.newContext().then((c) => c.newPage());
    await signInAsAdmin(admin);
    await admin.goto("/admin?section=waitlists");
    const line = admin.getByRole("listitem").filter({ hasText: `Mock interview with ${interviewer}` });
    await expect(line).toContainText(waiterEmail);
    await expect(line).toContainText("Waiting");
    await expectNoA11yViolations(admin);

    // The holder picks another kind of session: their hold is released, and the seat is held for the waiter.
    await holder.getByRole("tab", { name: "Workshop" }).click();
    await expect(fullTime.getByText("A seat is held for you")).toBeVisible();
    await expect(line).toContainText("Seat held until");
    const mail = await latestMessageTo(waiter.request, waiterEmail, /^A seat is held for you/);
    const link = mail.text.match(/https?:\/\/\S+offer=\S+/)?.[0];
    expect(link).toBeTruthy();

    await waiter.goto(link ?? "");
    await expect(waiter.getByRole("heading", { name: "A seat is held for you" })).toBeVisible();
    await expect(waiter.getByText(`Mock interview with ${interviewer}`)).toBeVisible();
    await expect(waiter.getByRole("timer")).toBeVisible();
    await expect(waiter.getByText(interviewer).first()).toBeVisible();
    await expectNoA11yViolations(waiter);
    await waiter.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(waiter).toHaveURL(/\/checkout\/test\//);
    await waiter.getByRole("button", { name: "Pay ₹1,200" }).click();
    await expect(waiter).toHaveURL(/\/onboarding\?step=confirmed&booking=/);
    await expect(waiter.getByRole("heading", { name: "You're booked!" })).toBeVisible();
    const confirmed = await latestMessageTo(waiter.request, waiterEmail, /^Booking confirmed/);
    expect(confirmed.text).toContain(interviewer);
  });

  test("the landing page links each internship track to its booking, with its batches and the waitlist when full", async ({
    page,
    db,
  }) => {
    const today = zonedDate(new Date(), "Asia/Kolkata");
    const early = uniqueName("ML cohort");
    const late = uniqueName("ML cohort");
    const full = await buildInternship(db, {
      title: early,
      track_key: "int_ml",
      start_date: addDays(today, 3),
      capacity: 1,
    });
    await buildInternship(db, {
      title: late,
      track_key: "int_ml",
      start_date: addDays(today, 4),
      mentor: "Vikram Rao",
    });
    const taker = uniqueEmail("taker");
    await signIn(page, taker, "/");
    await buildBooking(db, {
      user_id: await findUserId(db, taker),
      target_id: full.id,
      kind: "internship",
      package_key: "int_ml",
    });

    await page
      .locator("#internship")
      .getByRole("link", { name: "Book this track: Machine learning internship" })
      .click();
    await expect(page).toHaveURL(/\/onboarding\?type=internship&track=int_ml$/);
    await expect(page.getByLabel("Machine learning internship")).toBeChecked();
    await expect(page.getByRole("heading", { name: early })).toBeVisible();
    await expect(page.getByText(PROGRAMME_MESSAGES.fullBatch)).toBeVisible();
    await expect(page.getByRole("button", { name: PROGRAMME_MESSAGES.applyAndJoin })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("radio", { name: /Mentor Vikram Rao/ }).check();
    await expect(page.getByRole("heading", { name: late })).toBeVisible();
    await expect(page.getByRole("button", { name: "Book Slot" })).toBeEnabled();
    await expectNoA11yViolations(page);
  });
});
