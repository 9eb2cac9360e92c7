import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import type { Db } from "../src/server/db/database.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../src/server/test/builders.js";
import { ADMIN_EMAIL, expect, expectNoA11yViolations, latestMessageTo, signIn, test, uniqueEmail } from "./fixtures.js";

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/** A signed-in student with a confirmed mock interview (booked through the fixtures' database). */
async function studentWithMock(page: Page, db: Db, startInHours = 48) {
  const email = uniqueEmail();
  await signIn(page, email, "/dashboard");
  const userId = await findUserId(db, email);
  const slot = await buildSlot(db, {
    interviewer_name: "Ananya Iyer",
    start_at: hoursFromNow(startInHours),
    end_at: hoursFromNow(startInHours + 0.75),
  });
  const booking = await buildBooking(db, { user_id: userId, target_id: slot.id });
  return { email, userId, slot, booking };
}

const istTime = (iso: string) =>
  `${new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso))} IST`;

test.describe("student dashboard", () => {
  test("a signed-out visitor is asked to sign in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Sign in to see your dashboard" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("a student without a booking sees where to start instead of empty cards", async ({ page }) => {
    await signIn(page, uniqueEmail("fresh"), "/dashboard");
    await expect(page.getByRole("heading", { name: "Start with your first booking" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book mock interview" })).toHaveAttribute(
      "href",
      "/onboarding?type=mockInterview",
    );
    await expect(page.getByText("Next interview")).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("after a booking every tab shows the student's own data and passes axe", async ({ page, db }) => {
    const { slot, userId, booking } = await studentWithMock(page, db);
    const workshop = await buildWorkshop(db, {
      title: "Resume clinic",
      level: "Beginner",
      start_at: hoursFromNow(30),
      end_at: hoursFromNow(32),
    });
    await buildBooking(db, { user_id: userId, target_id: workshop.id, kind: "workshop", package_key: "ws_resume" });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const internship = await buildInternship(db, {
      title: "Frontend Engineering Internship",
      start_date: new Date(Date.parse(`${today}T00:00:00Z`) - 8 * 86_400_000).toISOString().slice(0, 10),
    });
    await buildBooking(db, {
      user_id: userId,
      target_id: internship.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    const stats = page.getByRole("region", { name: "Your numbers" });
    await expect(stats.getByText(istTime(slot.start_at))).toBeVisible();
    await expect(stats.getByText("No ratings yet")).toBeVisible();
    const upcoming = page.getByRole("region", { name: "Upcoming interview" });
    await expect(upcoming.getByText("Service-based mock interview")).toBeVisible();
    await expect(upcoming.getByText("with Ananya Iyer")).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Join the interview room" })).toHaveAttribute(
      "href",
      `/room/${booking.id}`,
    );
    await expect(upcoming.getByRole("link", { name: /backup link/ })).toHaveCount(0);
    await expect(upcoming.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute(
      "href",
      /calendar\.google\.com/,
    );
    await expect(page.getByRole("region", { name: "This week" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Complete 3 mock interviews" })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );
    await expectNoA11yViolations(page);

    await db
      .updateTable("slots")
      .set({ meeting_link: "https://meet.example.com/abc" })
      .where("id", "=", slot.id)
      .execute();
    await page.reload();
    await expect(upcoming.getByRole("link", { name: /Having trouble\? Use the backup link/ })).toHaveAttribute(
      "href",
      "https://meet.example.com/abc",
    );
    await expectNoA11yViolations(page);

    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await nav.getByRole("link", { name: "Interviews" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Interviews" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Upcoming" }).getByText("Service-based mock interview"),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    await nav.getByRole("link", { name: "Workshops" }).click();
    await expect(page.getByRole("region", { name: "Booked sessions" }).getByText("Resume clinic")).toBeVisible();
    await expectNoA11yViolations(page);

    await nav.getByRole("link", { name: "Internships" }).click();
    await expect(
      page.getByRole("region", { name: "Enrolment" }).getByText("Frontend Engineering Internship"),
    ).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Week 2: Build");
    await expectNoA11yViolations(page);

    await nav.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the header search filters the student's sessions and resources", async ({ page, db }) => {
    await studentWithMock(page, db);
    await page.goto("/dashboard");
    const search = page.getByRole("searchbox", { name: "Search your sessions, feedback and resources" });
    await search.fill("ananya");
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “ananya”" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Sessions" }).getByText("Service-based mock interview"),
    ).toBeVisible();
    await search.fill("system design");
    await expect(page.getByRole("link", { name: /The System Design Primer/ })).toBeVisible();
    await search.fill("zzzz");
    await expect(page.getByText("Nothing matches. Try another word.")).toBeVisible();
  });

  test("logout signs out and returns to the landing page", async ({ page, db }) => {
    await studentWithMock(page, db);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  });
});

test.describe("profile", () => {
  test("a student edits the profile; a new phone is saved only after its code is verified", async ({ page, db }) => {
    await studentWithMock(page, db);
    await page.goto("/dashboard?tab=profile");
    const details = page.getByRole("region", { name: "Profile details" });
    await details.getByLabel("First name").fill("Meera");
    await details.getByLabel("Last name").fill("Nair");
    await details.getByLabel("Qualification").fill("B.Tech CSE, 2026");
    await details.getByLabel("Status").selectOption("inprogress");
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    await details.getByLabel("Phone").fill(phone);
    await details.getByRole("button", { name: "Save profile" }).click();
    await expect(details.getByText("Verify your phone number with the code we sent before finishing.")).toBeVisible();

    await details.getByRole("button", { name: "Send OTP" }).click();
    const sms = await latestMessageTo(page.request, phone);
    await details.getByLabel("6-digit code").fill(sms.text.match(/\b\d{6}\b/)?.[0] ?? "");
    await details.getByRole("button", { name: "Verify" }).click();
    await expect(details.getByText("Phone verified. Save to use it.")).toBeVisible();
    await expectNoA11yViolations(page);
    await details.getByRole("button", { name: "Save profile" }).click();
    await expect(details.getByText("Profile saved.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Meera Nair" })).toBeVisible();

    await details.getByLabel("Phone").fill("+919000011111");
    await expect(details.getByRole("button", { name: "Send OTP" })).toBeVisible();
    await details.getByRole("button", { name: "Save profile" }).click();
    await expect(details.getByText("Verify your phone number with the code we sent before finishing.")).toBeVisible();
    const saved = (await (await page.request.get("/api/profile")).json()) as { profile: { phone: string } };
    expect(saved.profile.phone).toBe(phone);
  });
});

test.describe("reschedule and cancel", () => {
  test("a student moves an interview to another slot, then cancels it", async ({ page, db }) => {
    const { booking, email } = await studentWithMock(page, db);
    const paymentId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("payments")
      .values({
        id: paymentId,
        booking_id: booking.id,
        provider: "dev",
        order_id: `order_dev_${paymentId}`,
        payment_id: `pay_dev_${paymentId.slice(0, 8)}`,
        amount_paise: booking.amount_paise,
        currency: "INR",
        status: "paid",
        refund_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const later = await buildSlot(db, {
      interviewer_name: "Priya Sharma",
      start_at: hoursFromNow(72),
      end_at: hoursFromNow(72.75),
    });
    await page.goto("/dashboard");
    const upcoming = page.getByRole("region", { name: "Upcoming interview" });
    await upcoming.getByRole("button", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule interview" });
    await dialog.getByRole("radio", { name: /Priya Sharma/ }).check();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Confirm new time" }).click();
    await expect(page.getByText(`Rescheduled to ${istTime(later.start_at)}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(upcoming.getByText("with Priya Sharma")).toBeVisible();

    const ics = await page.request.get(`/api/me/bookings/${booking.id}/calendar.ics`);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.uid).toBe(`booking-${booking.id}@careerprep`);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().getTime()).toBe(Math.floor(Date.parse(later.start_at) / 1000) * 1000);
    const mail = await latestMessageTo(page.request, email, /^Rescheduled/);
    const { messages } = (await (await page.request.get("/api/dev/outbox?limit=200")).json()) as {
      messages: { id: string; attachments: { filename: string; contentType: string }[] }[];
    };
    expect(messages.find((m) => m.id === mail.id)?.attachments).toEqual([
      { filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" },
    ]);

    await upcoming.getByRole("button", { name: "Cancel" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel booking" });
    await cancel.getByLabel("Reason (optional)").fill("Exam on the same day");
    await expectNoA11yViolations(page);
    await cancel.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText("Cancelled. Your refund of ₹1,200 is on its way.")).toBeVisible();
    // The server's job worker refunds through the test-mode provider within a few seconds.
    await expect
      .poll(
        async () =>
          (await db.selectFrom("payments").select("status").where("id", "=", paymentId).executeTakeFirst())?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe("refunded");
    // Nothing left on the calendar: the overview goes back to helping the student book.
    await expect(page.getByRole("heading", { name: "Start with your first booking" })).toBeVisible();

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Interviews" }).click();
    const past = page.getByRole("region", { name: "Past and feedback" });
    await expect(past.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(past.getByText("Reason: Exam on the same day")).toBeVisible();
    await page.getByRole("button", { name: /Notifications, 2 unread/ }).click();
    await expect(page.getByRole("link", { name: "Service-based mock interview cancelled" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Interview rescheduled" })).toBeVisible();
  });

  test("inside 12 hours of the start the dashboard says changes are closed", async ({ page, db }) => {
    await studentWithMock(page, db, 11);
    await page.goto("/dashboard");
    const upcoming = page.getByRole("region", { name: "Upcoming interview" });
    await expect(upcoming.getByText(/Changes closed at .* 12 hours before the start\./)).toBeVisible();
    await expect(upcoming.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
    await expect(upcoming.getByRole("button", { name: "Cancel" })).toHaveCount(0);
  });
});

test.describe("after the session", () => {
  test("a scorecard entered by the admin appears on the student's dashboard", async ({ page, browser, db }) => {
    const { email } = await studentWithMock(page, db, -2);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, "/admin");
    await admin.goto("/admin?section=bookings");
    const row = admin.getByRole("listitem").filter({ hasText: email });
    await row.getByRole("button", { name: "Scorecard" }).click();
    const form = admin.getByRole("dialog", { name: "Scorecard" });
    await form.getByRole("button", { name: "Save scorecard" }).click();
    await expect(form.getByText("Scores are whole numbers from 1 to 5.")).toBeVisible();
    await form.getByLabel("Resume").selectOption("4");
    await form.getByLabel("Technical").selectOption("3");
    await form.getByLabel("HR", { exact: true }).selectOption("5");
    await form.getByLabel("Overall score").selectOption("4");
    // Each fixed field drops its error at once, before the next save.
    await expect(form.getByText("Scores are whole numbers from 1 to 5.")).toHaveCount(0);
    await expect(form.getByText(/Score every area/)).toHaveCount(0);
    await form.getByLabel("Tags").fill("Clear communicator");
    await form.getByLabel("Notes for the student").fill("Revise dynamic programming.");
    await expectNoA11yViolations(admin);
    await form.getByRole("button", { name: "Save scorecard" }).click();
    await expect(form.getByText("Scorecard saved. The student can see it on their dashboard.")).toBeVisible();
    await adminContext.close();

    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    const feedback = page.getByRole("region", { name: "Recent feedback" });
    await expect(feedback.getByText("4/5")).toBeVisible();
    await expect(feedback.getByText("Clear communicator")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your numbers" }).getByText("4.0 / 5")).toBeVisible();

    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await expect(page.getByRole("link", { name: "Your feedback is ready" })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  });

  test("a workshop certificate is verified on its public page", async ({ page, browser, db }) => {
    const email = uniqueEmail("certified");
    await signIn(page, email, "/dashboard");
    const userId = await findUserId(db, email);
    // A certificate carries the profile's name (docs/product.md, After the session).
    await buildCompletedProfile(db, userId);
    const workshop = await buildWorkshop(db, {
      title: "DSA patterns",
      level: "Intermediate",
      start_at: hoursFromNow(-3),
      end_at: hoursFromNow(-1),
    });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_dsa",
    });

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL, "/admin");
    await admin.goto("/admin?section=bookings");
    const row = admin.getByRole("listitem").filter({ hasText: email });
    await row.getByRole("button", { name: "Mark attended and issue certificate" }).click();
    await expect(row.getByText(/issued; the student has been notified\./)).toBeVisible();
    const certificate = await db
      .selectFrom("certificates")
      .select("code")
      .where("booking_id", "=", booking.id)
      .executeTakeFirstOrThrow();
    await adminContext.close();

    await page.goto("/dashboard?tab=workshops");
    await page.getByRole("link", { name: "View public page" }).click();
    await expect(page).toHaveURL(`/certificates/${certificate.code}`);
    await expect(page.getByText("Verified certificate")).toBeVisible();
    await expect(page.getByText("DSA patterns (Intermediate)")).toBeVisible();
    await expectNoA11yViolations(page);
    const pdf = await page.request.get(`/api/certificates/${certificate.code}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.goto("/certificates/CP-0000-0000-0000-0000");
    await expect(page.getByText("Certificate not found")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
