import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildSlot, findUserId } from "../src/server/test/builders.js";
import { formatDayLabel, zonedDate } from "../src/shared/time.js";
import { expect, expectNoA11yViolations, latestMessageTo, signIn, test, uniqueEmail, untilListed } from "./fixtures.js";

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex")}`;

/** From the booking page: the service-based plan, the slot's day and time, Proceed to Payment. */
async function checkOutSlot(page: Page, interviewer: string, startAt: string) {
  await page.goto("/onboarding?type=mockInterview");
  await page.getByLabel("Service-based").check();
  await page
    .getByRole("tab", { name: new RegExp(formatDayLabel(zonedDate(new Date(startAt), "Asia/Kolkata"))) })
    .click();
  await page.getByRole("radio", { name: new RegExp(interviewer) }).click();
  await expect(page.getByRole("timer")).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByRole("button", { name: "Pay ₹1,200" })).toBeVisible();
}

test.describe("checkout in two tabs", () => {
  test("going back, picking another slot and paying: the first tab can no longer be paid and points to the live checkout", async ({
    page,
    db,
  }) => {
    const first = uniqueName("Kavya");
    const second = uniqueName("Rohan");
    const [one, two] = [hoursFromNow(60), hoursFromNow(62)];
    await buildSlot(db, { interviewer_name: first, start_at: one, end_at: hoursFromNow(60.75) });
    await buildSlot(db, { interviewer_name: second, start_at: two, end_at: hoursFromNow(62.75) });
    for (const name of [first, second]) await untilListed(page.request, name);
    const email = uniqueEmail("two-tabs");
    await signIn(page, email, "/onboarding?type=mockInterview");

    // Tab 1 stays on the first checkout; tab 2 goes back to the booking page and picks another slot.
    await checkOutSlot(page, first, one);
    const tab2 = await page.context().newPage();
    await checkOutSlot(tab2, second, two);
    const liveCheckout = new URL(tab2.url()).pathname;

    // Tab 1 tries to pay the replaced checkout: nothing is charged, and it leads to the live one.
    await page.bringToFront();
    await page.getByRole("button", { name: "Pay ₹1,200" }).click();
    await expect(page.getByText("You started a newer checkout, so this one can no longer be paid.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay ₹1,200" })).toHaveCount(0);
    const toLive = page.getByRole("link", { name: "Go to your current checkout" });
    await expect(toLive).toHaveAttribute("href", liveCheckout);
    await expectNoA11yViolations(page);

    // Tab 2 pays the live checkout.
    await tab2.bringToFront();
    await tab2.getByRole("button", { name: "Pay ₹1,200" }).click();
    await expect(tab2).toHaveURL(/\/onboarding\?step=confirmed&booking=/);

    // Back in tab 1, the replaced checkout now points to the bookings; paying is still impossible.
    await page.bringToFront();
    await page.reload();
    await expect(page.getByText("You started a newer checkout, so this one can no longer be paid.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See your bookings" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("button", { name: "Pay ₹1,200" })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // One booking, one charge: the mail names the second interviewer, and only one mock is confirmed.
    const mail = await latestMessageTo(page.request, email, /^Booking confirmed/);
    expect(mail.text).toContain(second);
    const userId = await findUserId(db, email);
    const bookings = await db.selectFrom("bookings").select("status").where("user_id", "=", userId).execute();
    expect(bookings.map((b) => b.status).sort()).toEqual(["confirmed", "superseded"]);
  });

  test("the replaced tab's link takes the student to the live checkout, which pays once", async ({ page, db }) => {
    const first = uniqueName("Isha");
    const second = uniqueName("Vikram");
    const [one, two] = [hoursFromNow(64), hoursFromNow(66)];
    await buildSlot(db, { interviewer_name: first, start_at: one, end_at: hoursFromNow(64.75) });
    await buildSlot(db, { interviewer_name: second, start_at: two, end_at: hoursFromNow(66.75) });
    for (const name of [first, second]) await untilListed(page.request, name);
    const email = uniqueEmail("follow-link");
    await signIn(page, email, "/onboarding?type=mockInterview");
    await checkOutSlot(page, first, one);
    const tab2 = await page.context().newPage();
    await checkOutSlot(tab2, second, two);
    await tab2.close();

    await page.reload();
    await page.getByRole("link", { name: "Go to your current checkout" }).click();
    await expect(page.getByRole("button", { name: "Pay ₹1,200" })).toBeVisible();
    await page.getByRole("button", { name: "Pay ₹1,200" }).click();
    await expect(page).toHaveURL(/\/onboarding\?step=confirmed&booking=/);
    const mail = await latestMessageTo(page.request, email, /^Booking confirmed/);
    expect(mail.text).toContain(second);
  });
});
