import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { formatCalendarDate } from "../src/client/features/admin/components/console-dates.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildInterviewer,
  buildWorkshop,
  findUserId,
} from "../src/server/test/builders.js";
import { PROGRAMME_MESSAGES } from "../src/shared/messages.js";
import { addDays, zonedDate, zonedTime } from "../src/shared/time.js";
import {
  expect,
  expectNoA11yViolations,
  fillInternshipApplication,
  signIn,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures.js";

const ZONE = "Asia/Kolkata";

// The journeys open Mobile batches and match among Mobile mentors: one at a time, so each sees only its own.
test.describe.configure({ mode: "serial" });
const suffix = () => randomBytes(3).toString("hex");
const today = () => zonedDate(new Date(), ZONE);

async function pageOfWidth(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** The demo day's date and times in the platform zone: started within the last hour, on today's date. */
function demoDayNow() {
  const now = Date.now();
  const start = zonedDate(new Date(now - 3_600_000), ZONE) === today() ? new Date(now - 3_600_000) : new Date(now);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return {
    date: today(),
    start: zonedTime(start, ZONE),
    end: zonedDate(end, ZONE) === today() ? zonedTime(end, ZONE) : "23:59",
  };
}

async function review(mentor: Page, student: string, decision: "Approve" | "Request changes", comment: string) {
  await mentor.reload();
  const item = mentor
    .getByRole("listitem")
    .filter({ hasText: `${student}: Week` })
    .first();
  await item.getByLabel(`Comment for ${student}`).fill(comment);
  await item.getByRole("button", { name: decision }).click();
  await expect(mentor.getByRole("listitem").filter({ hasText: `${student}: Week` })).toHaveCount(0);
}

async function submitWeek(student: Page, week: number, label: string, url: string) {
  const form = student.getByRole("form", { name: `Submit week ${week}` });
  await form.getByLabel("Link (repository, pull request or deployed app)").fill(url);
  await form.getByLabel("Note for your reviewer").fill(`Week ${week} is ready.`);
  await form.getByRole("button", { name: label }).click();
}

for (const width of [1280, 375]) {
  test(`an intern applies to a Mobile batch, is mentored week by week and earns the certificate (${width} px)`, async ({
    browser,
    db,
  }) => {
    test.setTimeout(240_000);
    const tag = suffix();
    const mentorName = `Mentor ${tag}`;
    const mentorEmail = uniqueEmail("mentor");
    await buildInterviewer(db, { name: mentorName, email: mentorEmail, mentor_track: "int_mobile" });
    const title = `Mobile App Internship ${tag}`;
    const batch = await buildInternship(db, {
      title,
      mentor: mentorName,
      track_key: "int_mobile",
      start_date: addDays(today(), 2),
      meeting_link: "https://meet.example.com/mobile-batch",
    });
    const studentName = `Riya ${tag}`;
    const email = uniqueEmail("intern");
    const student = await pageOfWidth(browser, width);
    await signIn(student, email, "/onboarding?type=internship&track=int_mobile");
    await buildCompletedProfile(db, await findUserId(db, email), { first_name: "Riya", last_name: tag });

    // Apply, pick the track and pay.
    await expect(student.getByRole("heading", { name: title })).toBeVisible();
    await fillInternshipApplication(student);
    await expectNoA11yViolations(student);
    await student.getByRole("button", { name: "Book Slot" }).click();
    await expect(student).toHaveURL(/\/checkout\/test\//);
    await student.getByRole("button", { name: "Pay ₹4,999" }).click();
    await expect(student.getByRole("heading", { name: "You're booked!" })).toBeVisible();

    // Matched to a mentor; receipt, calendar and cancel; the start is a date.
    await student.goto("/dashboard?tab=internships");
    const mentorShown = student.getByText(/^Mentor: /);
    await expect(mentorShown).toBeVisible();
    const matched =
      ((await mentorShown.textContent()) ?? "")
        .replace(/^Mentor: /, "")
        .split(" · ")[0]
        ?.trim() ?? "";
    const { email: matchedEmail } = await db
      .selectFrom("interviewers")
      .select("email")
      .where("name", "=", matched)
      .executeTakeFirstOrThrow();
    await expect(student.getByRole("link", { name: "Download receipt (PDF)" })).toBeVisible();
    await expect(student.getByRole("link", { name: "Add to calendar (.ics)" })).toBeVisible();
    await expect(student.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expect(student.getByRole("main")).not.toContainText("12:00 am");

    // The onboarding call in the mentor's free time.
    await student.getByLabel("Choose a time for your 30-minute onboarding call").selectOption({ index: 1 });
    await student.getByRole("button", { name: "Book onboarding call" }).click();
    await expect(student.getByText(`Onboarding call with ${matched}`)).toBeVisible();
    await expect(student.getByRole("link", { name: "Having trouble? Use the backup link" })).toHaveAttribute(
      "href",
      "https://meet.example.com/mobile-batch",
    );
    await expectNoA11yViolations(student);

    // The call takes place in the session room; the room opens shortly before it.
    const { booking_id: bookingId } = await db
      .selectFrom("onboarding_calls")
      .innerJoin("interviewers", "interviewers.id", "onboarding_calls.mentor_id")
      .select("onboarding_calls.booking_id")
      .where("interviewers.name", "=", matched)
      .orderBy("onboarding_calls.created_at", "desc")
      .executeTakeFirstOrThrow();
    await expect(student.getByRole("link", { name: /Join the call/ })).toHaveAttribute("href", `/room/${bookingId}`);
    await db
      .updateTable("onboarding_calls")
      .set({
        start_at: new Date(Date.now() + 2 * 60_000).toISOString(),
        end_at: new Date(Date.now() + 32 * 60_000).toISOString(),
      })
      .where("booking_id", "=", bookingId)
      .execute();
    await student.getByRole("link", { name: /Join the call/ }).click();
    await expect(student).toHaveURL(new RegExp(`/room/${bookingId}$`));
    await expect(student.getByText(`Onboarding call: ${title}`)).toBeVisible();
    await expect(student.getByText(`With ${matched}`)).toBeVisible();
    await student.goto("/dashboard?tab=internships");

    // Week 1: changes requested, resubmitted, approved.
    await submitWeek(student, 1, "Submit week 1", "https://github.com/riya/app/pull/1");
    await expect(student.getByText("Waiting for review").first()).toBeVisible();
    const mentor = await pageOfWidth(browser, width);
    await signIn(mentor, matchedEmail, "/interviewer");
    await expect(mentor.getByRole("heading", { name: /Mentoring/ })).toBeVisible();
    await expectNoA11yViolations(mentor);
    await review(mentor, studentName, "Request changes", "Add an offline state to the list screen.");
    await student.reload();
    await expect(student.getByText("Add an offline state to the list screen.").first()).toBeVisible();
    await submitWeek(student, 1, "Resubmit week 1", "https://github.com/riya/app/pull/2");
    await review(mentor, studentName, "Approve", "Offline state looks right.");
    await submitWeek(student, 2, "Submit week 2", "https://github.com/riya/app/pull/3");
    await review(mentor, studentName, "Approve", "Ready for demo day.");
    await student.reload();
    await expect(student.getByText("2 of 2 milestones approved")).toBeVisible();
    await expect(student.getByText("Ready for demo day.").first()).toBeVisible();

    // The weekly standup.
    await student.getByLabel("What did you do?").fill("Built the list and detail screens.");
    await student.getByLabel("What is next?").fill("Rehearse the demo.");
    await student.getByRole("button", { name: "Post standup" }).click();
    await expect(student.getByRole("list", { name: "Your standups" })).toContainText("Rehearse the demo.");
    await expectNoA11yViolations(student);

    // The weeks pass; the admin schedules demo day and marks the intern present.
    await db
      .updateTable("internships")
      .set({ start_date: addDays(today(), -8) })
      .where("id", "=", batch.id)
      .execute();
    const admin = await pageOfWidth(browser, width);
    await signInAsAdmin(admin);
    await admin.goto("/admin?section=programme");
    await admin
      .getByLabel("Batch")
      .selectOption({ label: `${title} · starts ${formatCalendarDate(addDays(today(), -8))}` });
    const demo = demoDayNow();
    await admin.getByLabel("Demo day date").fill(demo.date);
    await admin.getByLabel("Starts").fill(demo.start);
    await admin.getByLabel("Ends").fill(demo.end);
    await admin.getByRole("button", { name: "Schedule demo day" }).click();
    await expect(admin.getByText(/^Demo day: \d/)).toBeVisible();
    await admin.getByRole("button", { name: `Mark ${studentName} present at demo day` }).click();
    await expect(admin.getByText(/^Certificate CP-/)).toBeVisible();
    await expectNoA11yViolations(admin);

    // The verified certificate of completion, with Add to LinkedIn.
    await student.reload();
    await student.getByRole("link", { name: "View public page" }).first().click();
    await expect(student.getByText("Internship certificate of completion")).toBeVisible();
    await expect(student.getByText(`Mobile internship · 2 weeks · mentor ${matched}`)).toBeVisible();
    await expect(student.getByRole("link", { name: /Add to LinkedIn/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=Mobile\+App\+Internship/,
    );
    await expectNoA11yViolations(student);
  });
}

test("a student applies to a full Mobile batch and joins its waitlist in one step", async ({ page, db }) => {
  const tag = suffix();
  const title = `Full Mobile Internship ${tag}`;
  const batch = await buildInternship(db, {
    title,
    mentor: `Mentor ${tag}`,
    track_key: "int_mobile",
    start_date: addDays(today(), 3),
    capacity: 1,
  });
  const taker = uniqueEmail("taker");
  await signIn(page, taker, "/");
  await buildBooking(db, { user_id: await findUserId(db, taker), target_id: batch.id, kind: "internship" });
  await page.context().clearCookies();
  await signIn(page, uniqueEmail("waiter"), "/onboarding?type=internship&track=int_mobile");

  await expect(page.getByRole("heading", { level: 3 })).toBeVisible();
  const batchChoice = page.getByRole("radio", { name: new RegExp(`Mentor ${tag}`) });
  if ((await batchChoice.count()) > 0) await batchChoice.check();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText(PROGRAMME_MESSAGES.fullBatch)).toBeVisible();
  await expect(page.getByRole("button", { name: "Book Slot" })).toHaveCount(0);
  await fillInternshipApplication(page);
  await page.getByRole("button", { name: PROGRAMME_MESSAGES.applyAndJoin }).click();
  await expect(page.getByText("You are number 1 in line.")).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Leave the waitlist: ${title}`) })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a workshop attendee hands in a capstone, the host approves it, and the certificate is one of completion", async ({
  browser,
  db,
}) => {
  test.setTimeout(120_000);
  const tag = suffix();
  const hostEmail = uniqueEmail("host");
  const host = await buildInterviewer(db, { name: `Host ${tag}`, email: hostEmail });
  const title = `Ship a web app ${tag}`;
  const workshop = await buildWorkshop(db, {
    title,
    topic_key: "ws_web",
    level: "Beginner",
    host_interviewer_id: host.id,
    start_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    end_at: new Date(Date.now() - 3_600_000).toISOString(),
    capstone_brief: "Deploy a small app and share the link.",
    capstone_due_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  });
  const email = uniqueEmail("attendee");
  const student = await pageOfWidth(browser, 375);
  await signIn(student, email, "/dashboard");
  const userId = await findUserId(db, email);
  await buildCompletedProfile(db, userId, { first_name: "Dev", last_name: tag });
  await buildBooking(db, { user_id: userId, target_id: workshop.id, kind: "workshop", package_key: "ws_web" });

  await student.goto("/dashboard?tab=workshops");
  const capstone = student.getByRole("form", { name: `Capstone for ${title}` });
  await capstone.getByLabel("Link (repository, pull request or deployed app)").fill("https://dev-app.example.dev");
  await capstone.getByRole("button", { name: "Submit capstone" }).click();
  await expect(student.getByText("Waiting for review").first()).toBeVisible();
  await expectNoA11yViolations(student);

  const mentor = await pageOfWidth(browser, 1280);
  await signIn(mentor, hostEmail, "/interviewer");
  const item = mentor.getByRole("listitem").filter({ hasText: `Capstone: ${title}` });
  await item.getByLabel(/^Comment for/).fill("Works on my phone too.");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(mentor.getByRole("listitem").filter({ hasText: `Capstone: ${title}` })).toHaveCount(0);

  const admin = await pageOfWidth(browser, 1280);
  await signInAsAdmin(admin);
  await admin.goto("/admin?section=bookings");
  const row = admin.getByRole("listitem").filter({ hasText: title }).filter({ hasText: email });
  await row.getByRole("button", { name: "Mark attended and issue certificate" }).click();
  await expect(row.getByText(/issued; the student has been notified\./)).toBeVisible();

  await student.reload();
  await student.getByRole("link", { name: "View public page" }).first().click();
  await expect(student.getByText("Workshop certificate of completion")).toBeVisible();
  await expect(student.getByRole("link", { name: /Add to LinkedIn/ })).toBeVisible();
  await expectNoA11yViolations(student);
});
