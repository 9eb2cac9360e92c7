import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildInternship, buildSlot, buildWorkshop } from "../src/server/test/builders.js";
import { expect, expectNoA11yViolations, latestMessageTo, signIn, test, uniqueEmail } from "./fixtures.js";

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
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
  await expect(page).toHaveURL(/\/onboarding\?step=profile$/);
}

test.describe("booking", () => {
  test("a new student books a mock interview, pays, verifies the phone and lands on the dashboard", async ({
    page,
    db,
  }) => {
    const interviewer = uniqueName("Meera");
    await buildSlot(db, { interviewer_name: interviewer, start_at: hoursFromNow(50), end_at: hoursFromNow(50.75) });
    const email = uniqueEmail("mock");
    await signIn(page, email, "/onboarding?type=mockInterview");
    await expect(page.getByRole("tab", { name: "Mock Interview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("₹1,200")).toBeVisible();
    await expect(page.getByText("Not available").first()).toBeVisible();
    await page.getByRole("button", { name: "Proceed to Payment" }).waitFor({ state: "detached" });
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please select a slot first." })).toBeVisible();

    await page.getByRole("button", { name: new RegExp(interviewer) }).click();
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^(10:00|09:5\d)$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? "", { timeout: 3000 });
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await payOnTestCheckout(page, "₹1,200");

    const mail = await latestMessageTo(page.request, email, /^Booking confirmed/);
    expect(mail.text).toContain(interviewer);
    await finishProfile(page);
  });

  test("a student enrols in the upcoming internship with 'Book Slot'", async ({ page, db }) => {
    const title = uniqueName("Backend Internship");
    const startDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await buildInternship(db, { title, start_date: startDate, track_key: "int_backend", mentor: "Rahul Menon" });
    await signIn(page, uniqueEmail("intern"), "/onboarding?type=internship");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Week 1: Setup")).toBeVisible();
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

  test("a failed test payment releases the seat and says so", async ({ page, db }) => {
    const interviewer = uniqueName("Kiran");
    await buildSlot(db, { interviewer_name: interviewer, capacity: 1 });
    await signIn(page, uniqueEmail("fail"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: new RegExp(interviewer) }).click();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: "Fail payment" }).click();
    await expect(page).toHaveURL(/payment=failed/);
    await expect(page.getByText("The payment did not go through. Your seat has been released.")).toBeVisible();
    await page.getByLabel("Service-based").check();
    await expect(page.getByRole("button", { name: new RegExp(`${interviewer} · 1 seat left`) })).toBeEnabled();
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
    await signIn(watcher, uniqueEmail("watcher"), "/onboarding");
    await signIn(taker, uniqueEmail("taker"), "/onboarding");
    for (const page of [watcher, taker]) await page.getByLabel("Service-based").check();
    const watchedSlot = watcher.getByRole("button", { name: new RegExp(interviewer) });
    await expect(watchedSlot).toContainText("1 seat left");

    await taker.getByRole("button", { name: new RegExp(interviewer) }).click();
    await expect(taker.getByRole("timer")).toBeVisible();
    await expect(watchedSlot).toContainText("Full");
    await expect(watchedSlot).toBeDisabled();

    // Leaving the page releases the hold; the watcher sees the seat come back.
    await taker.close();
    await expect(watchedSlot).toContainText("1 seat left", { timeout: 10_000 });
  });

  test("the countdown shows the full 10 minutes even when the device clock is off", async ({ page, db }) => {
    const interviewer = uniqueName("Anita");
    await buildSlot(db, { interviewer_name: interviewer, start_at: hoursFromNow(70), end_at: hoursFromNow(70.75) });
    await signIn(page, uniqueEmail("skewed"), "/onboarding?type=mockInterview");
    await page.clock.install({ time: Date.now() + 7 * 60_000 });
    await page.reload();
    await page.getByLabel("Service-based").check();
    await page.getByRole("button", { name: new RegExp(interviewer) }).click();
    await expect(page.getByRole("timer")).toHaveText(/^(10:00|09:5\d)$/);
  });

  test("a signed-out visitor is asked to sign in first", async ({ page }) => {
    await page.goto("/onboarding?type=workshop");
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
