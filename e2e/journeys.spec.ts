import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  buildBooking,
  buildCompletedProfile,
  buildInterviewer,
  buildSlot,
  findUserId,
} from "../src/server/test/builders.js";
import { ADMIN_MESSAGES, COUPON_MESSAGES, JOURNEY_MESSAGES, MESSAGES } from "../src/shared/messages.js";
import { addDays, formatDayLabel, zonedDate, zonedToInstant } from "../src/shared/time.js";
import {
  expect,
  expectNoA11yViolations,
  latestMessageTo,
  signIn,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures.js";

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const dayLabelOf = (iso: string) => formatDayLabel(zonedDate(new Date(iso), "Asia/Kolkata"));
const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/** Chooses the Service-based plan, the slot's day in the date strip, then its time. */
async function chooseTime(page: Page, interviewer: string, startAt: string) {
  await page.getByLabel("Service-based").check();
  await page.getByRole("tab", { name: new RegExp(dayLabelOf(startAt)) }).click();
  await page.getByRole("radio", { name: new RegExp(interviewer) }).check();
}

test.describe("booking journeys", () => {
  test("a returning student books, sees the order summary with the coupon's discount, pays, sees the confirmation and goes straight to the dashboard", async ({
    page,
    db,
  }) => {
    test.slow(); // a whole journey with axe on every new state
    await page.setViewportSize(WIDE);
    // The slot exists before the booking page first lists the days: a row written straight into the
    // database sends no live update, so a list loaded before it would never show it.
    const interviewer = uniqueName("Meera");
    const startAt = hoursFromNow(75);
    await buildSlot(db, {
      interviewer_name: interviewer,
      start_at: startAt,
      end_at: hoursFromNow(75.75),
    });
    const email = uniqueEmail("returning");
    await signIn(page, email, "/onboarding?type=mockInterview");
    const userId = await findUserId(db, email);
    await buildCompletedProfile(db, userId);
    await buildBooking(db, { user_id: userId, target_id: (await buildSlot(db)).id });
    const code = `J${randomBytes(3).toString("hex").toUpperCase()}`;
    await db
      .insertInto("coupons")
      .values({
        id: randomUUID(),
        code,
        percent_off: 25,
        amount_off_paise: null,
        max_redemptions: null,
        valid_from: null,
        valid_to: null,
        packages: "[]",
        active: 1,
        created_by: "admin@example.com",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    // The site header leads home from the booking flow.
    await expect(page.getByRole("banner").getByRole("link", { name: "CareerPrep" })).toHaveAttribute("href", "/");
    await chooseTime(page, interviewer, startAt);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("Mock interview · Service-based (TR, HR, Resume)");
    await expect(summary).toContainText(interviewer);
    await expect(summary).toContainText("IST");
    await expect(summary).toContainText("₹1,200");
    await expect(summary.getByRole("timer")).toHaveText(/^(10:00|09:\d\d)$/);
    // A code that does not work reads the same whatever the reason, so guessing learns nothing.
    await summary.getByLabel("Coupon code").fill("NOSUCHCODE");
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary.getByText(COUPON_MESSAGES.notValid)).toBeVisible();
    await summary.getByLabel("Coupon code").fill(code.toLowerCase());
    await summary.getByRole("button", { name: "Apply" }).click();
    await expect(summary).toContainText(`−₹300 (${code})`);
    await expect(summary.getByText(COUPON_MESSAGES.notValid)).toHaveCount(0);
    await expect(summary).toContainText("₹900");
    await expectNoA11yViolations(page);
    const when = await summary.locator("dt", { hasText: "When" }).locator("+ dd").textContent();
    await summary.getByRole("button", { name: "Proceed to Payment" }).click();

    // The checkout repeats the summary, as the server has the booking (docs/product.md, Booking flow).
    await expect(page).toHaveURL(/\/checkout\/test\//);
    const atCheckout = page.getByRole("region", { name: "Order summary" });
    await expect(atCheckout).toContainText("Mock interview · Service-based (TR, HR, Resume)");
    await expect(atCheckout.locator("dt", { hasText: "When" }).locator("+ dd")).toHaveText(when ?? "");
    await expect(atCheckout).toContainText(interviewer);
    await expect(atCheckout).toContainText("₹1,200");
    await expect(atCheckout).toContainText(`−₹300 (${code})`);
    await expect(atCheckout).toContainText("₹900");
    await expectNoA11yViolations(page);
    // On a phone the summary stands above the Pay button, nothing cut off.
    await page.setViewportSize(NARROW);
    const pay = page.getByRole("button", { name: "Pay ₹900" });
    expect((await atCheckout.boundingBox())?.y ?? Infinity).toBeLessThan((await pay.boundingBox())?.y ?? 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page);
    await page.setViewportSize(WIDE);
    await page.getByRole("button", { name: "Pay ₹900" }).click();
    await expect(page.getByRole("heading", { name: "You're booked!" })).toBeFocused();
    const confirmation = page.getByRole("region", { name: "You're booked!" });
    // Said once: the title already names the kind and the plan.
    await expect(confirmation.locator("dt", { hasText: "What" }).locator("+ dd")).toHaveText(
      "Service-based mock interview",
    );
    await expect(confirmation).toContainText(interviewer);
    await expect(confirmation).toContainText(`−₹300 (${code})`);
    await expect(confirmation).toContainText("₹900");
    await expect(confirmation.getByText(JOURNEY_MESSAGES.addedToCalendar)).toBeVisible();
    await expect(confirmation.getByRole("link", { name: "Add to calendar (.ics)" })).toHaveAttribute(
      "href",
      /calendar\.ics$/,
    );
    await expect(confirmation.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute(
      "href",
      /calendar\.google\.com/,
    );
    await expect(confirmation.getByRole("heading", { name: "What happens next" })).toBeVisible();
    // Nothing we already know is asked again: the profile is complete, so the next step is the dashboard.
    await expect(confirmation.getByRole("link", { name: "Complete your profile" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await confirmation.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("link", { name: "Interviews", exact: true }).click();
    await expect(page.getByText(interviewer).first()).toBeVisible();
  });

  test("at 375 px the booking tabs fit, choosing a plan moves to the times, and the times are one radio group", async ({
    page,
    db,
  }) => {
    await page.setViewportSize(NARROW);
    const first = uniqueName("Rahul");
    const second = uniqueName("Ritu");
    // Both times on one day in IST, whatever the hour the test runs at: the arrow keys stay within one day's times
    // (an hour apart from now, they straddled midnight in IST when the test ran around 13:30 UTC).
    const day = addDays(zonedDate(new Date(), "Asia/Kolkata"), 4);
    const at = (time: string) => zonedToInstant(day, time, "Asia/Kolkata").toISOString();
    const startAt = at("10:10");
    const interviewer = await buildInterviewer(db, { name: first, qualification: "SDE II, ex-Flipkart" });
    await buildSlot(db, {
      interviewer_id: interviewer.id,
      interviewer_name: first,
      start_at: startAt,
      end_at: at("10:55"),
    });
    await buildSlot(db, { interviewer_name: second, start_at: at("11:10"), end_at: at("11:55") });
    await signIn(page, uniqueEmail("narrow"), "/onboarding?type=mockInterview");

    const mockTab = page.getByRole("tab", { name: "Mock Interview" });
    const fits = await mockTab.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await page.getByLabel("Service-based").check();
    await expect(page.getByRole("heading", { name: /Pick a time/ })).toBeInViewport();
    await expect(page.getByText(/^Next available: .+ IST$/).first()).toBeVisible();

    await page.getByRole("tab", { name: new RegExp(dayLabelOf(startAt)) }).click();
    const times = page.getByRole("radiogroup", { name: /Times on/ });
    // Interviewer cards: the name, then the role and company the admin recorded.
    await expect(page.getByText(first, { exact: true })).toBeVisible();
    await expect(page.getByText("SDE II, ex-Flipkart")).toBeVisible();
    const firstTime = times.getByRole("radio", { name: new RegExp(first) });
    const secondTime = times.getByRole("radio", { name: new RegExp(second) });
    await firstTime.focus();
    await firstTime.press("Space");
    await expect(firstTime).toHaveAccessibleName(/Held for you/);
    await expect(page.getByText(/^Held for you · \d\d:\d\d$/).first()).toBeVisible();
    // Arrow keys move through the day's times across the interviewer cards; one Tab stop for the group.
    for (let i = 0; i < 5 && !(await secondTime.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("ArrowRight");
    }
    await expect(secondTime).toBeFocused();
    await expect(secondTime).toHaveAccessibleName(/Held for you/);
    await page.keyboard.press("Tab");
    await expect(times.getByRole("radio").filter({ has: page.locator(":focus") })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("when the hold ends, the message stands above the times and the time is free again", async ({ page, db }) => {
    const interviewer = uniqueName("Farah");
    const startAt = hoursFromNow(110);
    await buildSlot(db, { interviewer_name: interviewer, start_at: startAt, end_at: hoursFromNow(110.75) });
    await signIn(page, uniqueEmail("expiry"), "/onboarding?type=mockInterview");
    await page.clock.install();
    await page.reload();
    await chooseTime(page, interviewer, startAt);
    await expect(page.getByRole("radio", { name: new RegExp(interviewer) })).toHaveAccessibleName(/Held for you/);
    await page.clock.fastForward("10:01");
    const message = page.getByRole("alert").filter({ hasText: MESSAGES.holdExpired });
    await expect(message).toBeInViewport();
    const times = await page.getByRole("radiogroup", { name: /Times on/ }).boundingBox();
    const box = await message.boundingBox();
    expect((box?.y ?? 0) < (times?.y ?? 0)).toBe(true);
    await expect(page.getByRole("radio", { name: new RegExp(interviewer) })).not.toBeChecked();
    await expectNoA11yViolations(page);
  });

  test("a session inside the booking cut-off is not offered", async ({ page, db }) => {
    const late = uniqueName("Late");
    const soon = new Date(Date.now() + 90 * 60_000).toISOString();
    await buildSlot(db, { interviewer_name: late, start_at: soon, end_at: hoursFromNow(2.25) });
    await signIn(page, uniqueEmail("cutoff"), "/onboarding?type=mockInterview");
    await page.getByLabel("Service-based").check();
    await expect(page.getByRole("heading", { name: /Pick a time/ })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(late) })).toHaveCount(0);
    const hold = await page.request.get("/api/slots?package=service");
    expect(
      ((await hold.json()) as { slots: { interviewerName: string }[] }).slots.map((s) => s.interviewerName),
    ).not.toContain(late);
  });

  test("a plan that is not available says why and e-mails the student when it opens", async ({ page, browser }) => {
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("notify");
    await signIn(page, email, "/onboarding?type=mockInterview");
    const maang = page
      .getByRole("group", { name: "Choose a plan" })
      .locator("div")
      .filter({ hasText: /^MAANG/ });
    await expect(maang).toContainText("Not available");
    await expect(maang).toContainText(JOURNEY_MESSAGES.notAvailableWhy);
    await maang.getByRole("button", { name: JOURNEY_MESSAGES.notifyMeButton }).click();
    await expect(maang.getByRole("status")).toHaveText(JOURNEY_MESSAGES.notifyMeDone);
    await expectNoA11yViolations(page);

    const admin = await (await browser.newContext()).newPage();
    await signInAsAdmin(admin);
    // Admin writes must come from the site itself (the console sends its own origin).
    const headers = { origin: new URL(admin.url()).origin };
    const open = await admin.request.put("/api/admin/pricing/maang", {
      headers,
      data: { available: true, priceRupees: 5000 },
    });
    expect(open.ok()).toBe(true);
    try {
      const mail = await latestMessageTo(page.request, email, /MAANG is open for booking/);
      expect(mail.text).toContain("/onboarding?type=mockInterview");
    } finally {
      await admin.request.put("/api/admin/pricing/maang", { headers, data: { available: false, priceRupees: 5000 } });
    }
  });

  test("an admin writes why a plan is not available and students read it on the booking and landing pages", async ({
    page,
    browser,
  }) => {
    test.slow(); // two widths, two pages, axe on each
    const reason = `Opens 1 Dec, when the next interviewer batch joins ${randomBytes(2).toString("hex")}`;
    const admin = await (await browser.newContext()).newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin?section=pricing");
    const form = admin.getByRole("form", { name: "MAANG" });
    await expect(form.getByLabel("Available")).not.toBeChecked();
    const field = form.getByLabel("Reason shown to students (one line)");
    await field.fill("x".repeat(121));
    await form.getByRole("button", { name: /Save/ }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(ADMIN_MESSAGES.unavailableReasonTooLong));
    await expectNoA11yViolations(admin);
    await field.fill(`  ${reason}  `);
    await form.getByRole("button", { name: /Save/ }).click();
    await expect(form.getByRole("status")).toHaveText("Saved.");
    try {
      await signIn(page, uniqueEmail("reason"), "/onboarding?type=mockInterview");
      for (const size of [WIDE, NARROW]) {
        await page.setViewportSize(size);
        await page.goto("/onboarding?type=mockInterview");
        const maang = page
          .getByRole("group", { name: "Choose a plan" })
          .locator("div")
          .filter({ hasText: /^MAANG/ });
        await expect(maang).toContainText("Not available");
        await expect(maang.getByText(reason)).toBeVisible();
        await expect(maang).not.toContainText(JOURNEY_MESSAGES.notAvailableWhy);
        await expect(maang.getByRole("button", { name: JOURNEY_MESSAGES.notifyMeButton })).toBeVisible();
        await expectNoA11yViolations(page);

        await page.goto("/");
        const listed = page.locator("#mockInterview").getByRole("listitem").filter({ hasText: "MAANG" });
        await listed.scrollIntoViewIfNeeded();
        await expect(listed.getByText(reason)).toBeVisible();
        await expect(listed).toContainText("Not available");
        await expectNoA11yViolations(page);
      }
    } finally {
      const headers = { origin: new URL(admin.url()).origin };
      await admin.request.put("/api/admin/pricing/maang", {
        headers,
        data: { available: false, priceRupees: 5000, unavailableReason: "" },
      });
    }
  });

  test("every page starts with a skip link, and the sign-in dialog opens in the e-mail field", async ({ page }) => {
    await page.setViewportSize(WIDE);
    for (const path of ["/", "/onboarding", "/admin-login"]) {
      await page.goto(path);
      // As a keyboard user does: once the page has shown its heading.
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await skip.press("Enter");
      await expect(page.getByRole("main").first()).toBeFocused();
    }
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In / Up" }).first().click();
    await expect(page.getByRole("dialog").getByLabel("Email address")).toBeFocused();
    await expectNoA11yViolations(page);
  });

  test("at 375 px the landing page's bottom bar never covers the footer's links", async ({ page }) => {
    await page.setViewportSize(NARROW);
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = page.getByRole("button", { name: "Sign In / Up" }).last();
    const footer = page.locator("footer");
    await expect(footer).toBeInViewport();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    for (const link of await footer.getByRole("button").or(footer.getByRole("link")).all()) {
      const box = await link.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(barTop);
    }
  });

  test("the OTP step says where the code went, counts down to a resend, and keeps its buttons level with the fields", async ({
    page,
    db,
  }) => {
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("otp");
    await signIn(page, email, "/onboarding");
    await buildBooking(db, { user_id: await findUserId(db, email), target_id: (await buildSlot(db)).id });
    await page.goto("/onboarding?step=profile");
    const phone = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await page.getByLabel("Phone").fill(phone);
    const send = page.getByRole("button", { name: "Send OTP" });
    const phoneBox = await page.getByLabel("Phone").boundingBox();
    const sendBox = await send.boundingBox();
    expect(
      Math.abs((phoneBox?.y ?? 0) + (phoneBox?.height ?? 0) - ((sendBox?.y ?? 0) + (sendBox?.height ?? 0))),
    ).toBeLessThanOrEqual(2);
    await send.click();
    await expect(page.getByText(`Code sent to +91 ${phone.slice(3, 8)} ${phone.slice(8)}`)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    await latestMessageTo(page.request, phone);
    await expectNoA11yViolations(page);
  });
});
