import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildInternship, buildSlot, buildWorkshop } from "../src/server/test/builders.js";
import { JOURNEY_MESSAGES } from "../src/shared/messages.js";
import { formatDayLabel, zonedDate } from "../src/shared/time.js";
import {
  dayTab,
  expect,
  expectNoA11yViolations,
  fillInternshipApplication,
  latestMessageTo,
  pickTime,
  signIn,
  test,
  uniqueEmail,
  untilListed,
} from "./fixtures.js";

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const dayLabelOf = (iso: string) => formatDayLabel(zonedDate(new Date(iso), "Asia/Kolkata"));
const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/** Step 3: fill the profile, verify the phone with the code from the SMS outbox, finish. */
async function finishProfile(page: Page) {
  await expect(page.getByRole("heading", { name: "Complete your profile" })).toBeVisible();
  const finish = page.getByRole("button", { name: "Finish and Go to Dashboard" });
  await expect(finish).toBeDisabled();
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Last name").fill("Rao");
  await page.getByLabel("Qualification").fill("B.Tech CSE, 2026");
  await page.getByLabel("Status").selectOption("inprogress");
  const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await page.getByLabel("Phone").fill(phone);
  await page.getByRole("button", { name: "Send OTP" }).click();
  const sms = await latestMessageTo(page.request, phone);
  const code = sms.text.match(/\b\d{6}\b/)?.[0] ?? "";
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Phone verified.")).toBeVisible();
  await expectNoA11yViolations(page);
  await finish.click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function payOnTestCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByText("Test mode: no real money moves")).toBeVisible();
  await expect(page.getByText(amount, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/onboarding\?step=confirmed&booking=/);
  await expect(page.getByRole("heading", { name: "You're booked!" })).toBeVisible();
  await expect(page.getByText("Added to your calendar: we e-mailed you the invite.")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Complete your profile" }).click();
}

test.describe("booking", () => {
  test("a new student books a mock interview, pays, verifies the phone and lands on the dashboard", async ({
    page,
    db,
  }) => {
    test.slow(); // sign-in, booking, payment, confirmation and profile, with axe on each: a long journey
    const interviewer = uniqueName("Meera");
    const startAt = hoursFromNow(50);
    await buildSlot(db, { interviewer_name: interviewer, start_at: startAt, end_at: hoursFromNow(50.75) });
    await untilListed(page.request, interviewer);
    const email = uniqueEmail("mock");
    await signIn(page, email, "/onboarding?type=mockInterview");
    await expect(page.getByRole("tab", { name: "Mock Interview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("₹1,200")).toBeVisible();
    await expect(page.getByText("Not available").first()).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).waitFor({ state: "detached" });
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please select a slot first." })).toBeVisible();

    await pickTime(page, interviewer, startAt);
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^(10:00|09:5\d)$/);
    const first = await timer.textContent();
    // It ticks every second; a loaded 2-core machine may hold the page's main thread for a second or two.
    await expect(timer).not.toHaveText(first ?? "", { timeout: 5_000 });
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await payOnTestCheckout(page, "₹1,200");

    const mail = await latestMessageTo(page.request, email, /^Booking confirmed/);
    expect(mail.text).toContain(interviewer);
    await finishProfile(page);

    // The payment's receipt, from the dashboard: a PDF download in the student's name.
    const receipt = page.getByRole("region", { name: "Upcoming interview" }).getByRole("link", {
      name: "Download receipt (PDF)",
    });
    const [download] = await Promise.all([page.waitForEvent("download"), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/^CPR-\d{2}-\d{2}-\d{5}\.pdf$/);
    const pdf = await (await page.request.get((await receipt.getAttribute("href")) ?? "")).body();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoA11yViolations(page);
  });

  test("a student enrols in the upcoming internship with 'Book Slot'", async ({ page, db }) => {
    test.slow(); // through payment, confirmation and profile, with axe on each
    const title = uniqueName("Backend Internship");
    const startDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await buildInternship(db, { title, start_date: startDate, track_key: "int_backend", mentor: "Rahul Menon" });
    await signIn(page, uniqueEmail("intern"), "/onboarding?type=internship");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Week 1: Setup")).toBeVisible();
    await fillInternshipApplication(page);
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Book Slot" }).click();
    await payOnTestCheckout(page, "₹4,999");
    await finishProfile(page);
  });

  test("a student reserves a workshop seat through the same hold and payment path", async ({ page, db }) => {
    const title = uniqueName("System design workshop");
    await buildWorkshop(db, {
      title,
      topic_key: "ws_systemdesign",
      level: "Advanced",
      start_at: hoursFromNow(80),
      end_at: hoursFromNow(82),
    });
    await signIn(page, uniqueEmail("workshop"), "/onboarding?type=workshop");
    const topic = page.getByRole("region", { name: "System Design workshop" });
    await expect(topic.getByRole("button", { name: new RegExp(title) })).toContainText("Advanced");
    await expectNoA11yViolations(page);
    await topic.getByRole("button", { name: new RegExp(title) }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await payOnTestCheckout(page, "₹1,299");
    await finishProfile(page);
  });

  test("after a failed test payment the student is back on the same time, still held, with Retry", async ({
    page,
    db,
  }) => {
    const interviewer = uniqueName("Kiran");
    const built = await buildSlot(db, { interviewer_name: interviewer, capacity: 1 });
    await untilListed(page.request, interviewer);
    await signIn(page, uniqueEmail("fail"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    await pickTime(page, interviewer, built.start_at);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: "Fail payment" }).click();
    await expect(page).toHaveURL(/payment=failed/);
    await expect(
      page.getByRole("alert").filter({
        hasText: "The payment did not go through. Your seat is still held for you: retry before the timer ends.",
      }),
    ).toBeVisible();
    const slot = page.getByRole("radio", { name: new RegExp(`${interviewer} · Held for you`) });
    await expect(slot).toBeChecked();
    await expect(page.getByText(/^Held for you · \d\d:\d\d$/).first()).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Retry payment" }).click();
    await payOnTestCheckout(page, "₹1,200");
  });

  test("a time weeks ahead: the arrow keys move along the date strip and load each day's times; after a failed payment the student is back on that day", async ({
    page,
    db,
  }) => {
    test.slow();
    const interviewer = uniqueName("Farah");
    const nextDay = uniqueName("Gopal");
    const startAt = hoursFromNow(24 * 30);
    const nextStartAt = hoursFromNow(24 * 31);
    await buildSlot(db, { interviewer_name: interviewer, start_at: startAt, end_at: hoursFromNow(24 * 30 + 0.75) });
    await buildSlot(db, { interviewer_name: nextDay, start_at: nextStartAt, end_at: hoursFromNow(24 * 31 + 0.75) });
    await untilListed(page.request, interviewer, "service", startAt);
    await untilListed(page.request, nextDay, "service", nextStartAt);
    await signIn(page, uniqueEmail("ahead"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();

    await dayTab(page, startAt).click();
    await expect(page.getByRole("radio", { name: new RegExp(interviewer) })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dayTab(page, nextStartAt)).toBeFocused();
    await expect(dayTab(page, nextStartAt)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("radio", { name: new RegExp(nextDay) })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(interviewer) })).toHaveCount(0);
    await page.keyboard.press("ArrowLeft");
    await expect(dayTab(page, startAt)).toHaveAttribute("aria-selected", "true");
    await page.getByRole("radio", { name: new RegExp(interviewer) }).click();
    await expect(page.getByRole("timer")).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: "Fail payment" }).click();
    await expect(page).toHaveURL(/payment=failed/);
    await expect(dayTab(page, startAt)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("radio", { name: new RegExp(`${interviewer} · Held for you`) })).toBeChecked();
  });

  test("a second student sees the last seat disappear live and gets the spec's message", async ({ browser, db }) => {
    const interviewer = uniqueName("Vikram");
    await buildSlot(db, {
      interviewer_name: interviewer,
      capacity: 1,
      start_at: hoursFromNow(60),
      end_at: hoursFromNow(60.75),
    });
    const watcher = await (await browser.newContext()).newPage();
    const taker = await (await browser.newContext()).newPage();
    await untilListed(watcher.request, interviewer);
    await signIn(watcher, uniqueEmail("watcher"), "/onboarding");
    await signIn(taker, uniqueEmail("taker"), "/onboarding");
    for (const page of [watcher, taker]) {
      await page.getByLabel("Service-based").check();
      await page.getByRole("tab", { name: new RegExp(dayLabelOf(hoursFromNow(60))) }).click();
    }
    const watchedSlot = watcher.getByRole("radio", { name: new RegExp(interviewer) });
    await expect(watchedSlot).toHaveAccessibleName(/1 seat left/);

    await taker.getByRole("radio", { name: new RegExp(interviewer) }).click();
    await expect(taker.getByRole("timer")).toBeVisible();
    await expect(watchedSlot).toHaveAccessibleName(/Full/);
    await expect(watchedSlot).toBeDisabled();
    // The watcher hears it above the times, where they are looking (docs/product.md, Holds).
    await expect(
      watcher.getByRole("alert").filter({ hasText: JOURNEY_MESSAGES.seatTakenWhileLooking }),
    ).toBeInViewport();

    // Leaving the page releases the hold; the watcher sees the seat come back.
    await taker.close();
    await expect(watchedSlot).toHaveAccessibleName(/1 seat left/, { timeout: 10_000 });
  });

  test("the countdown shows the full 10 minutes even when the device clock is off", async ({ page, db }) => {
    const interviewer = uniqueName("Anita");
    const startAt = hoursFromNow(70);
    await buildSlot(db, { interviewer_name: interviewer, start_at: startAt, end_at: hoursFromNow(70.75) });
    await untilListed(page.request, interviewer);
    await signIn(page, uniqueEmail("skewed"), "/onboarding?type=mockInterview");
    await page.clock.install({ time: Date.now() + 7 * 60_000 });
    await page.reload();
    await page.getByLabel("Service-based").check();
    await pickTime(page, interviewer, startAt);
    await expect(page.getByRole("timer")).toHaveText(/^(10:00|09:5\d)$/);
  });

  test("a signed-out visitor is asked to sign in first", async ({ page }) => {
    await page.goto("/onboarding?type=workshop");
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
