import { buildBooking, buildInterviewer, buildSlot, buildWorkshop, findUserId } from "../src/server/test/builders.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

test.describe("the interviewer's workspace", () => {
  test("an interviewer writes a scorecard that the student then reads", async ({ page, browser, db }) => {
    const studentEmail = uniqueEmail("student");
    await signIn(page, studentEmail, "/dashboard");
    const userId = await findUserId(db, studentEmail);
    await db
      .insertInto("profiles")
      .values({
        user_id: userId,
        first_name: "Aarav",
        last_name: "Sharma",
        qualification: "B.Tech",
        status: "completed",
        phone: "+919812300001",
        phone_verified_at: null,
        completed_at: null,
        updated_at: new Date().toISOString(),
        state: null,
      })
      .execute();
    await db
      .insertInto("resumes")
      .values({ user_id: userId, url: "https://drive.example/resume.pdf", updated_at: new Date().toISOString() })
      .execute();
    const interviewerEmail = uniqueEmail("interviewer");
    const interviewer = await buildInterviewer(db, { email: interviewerEmail, name: "Rahul Menon" });
    const slot = await buildSlot(db, {
      interviewer_id: interviewer.id,
      interviewer_name: "Rahul Menon",
      start_at: hoursFromNow(-2),
      end_at: hoursFromNow(-1.25),
      meeting_link: "https://meet.example/abc",
    });
    const booking = await buildBooking(db, { user_id: userId, target_id: slot.id });
    const upcomingSlot = await buildSlot(db, {
      interviewer_id: interviewer.id,
      start_at: hoursFromNow(26),
      end_at: hoursFromNow(27),
    });
    await buildBooking(db, { user_id: await findUserId(db, studentEmail), target_id: upcomingSlot.id });

    const context = await browser.newContext();
    const desk = await context.newPage();
    // Interviewers sign in through the students' dialog and land in their workspace.
    await signIn(desk, interviewerEmail, "/onboarding", "/interviewer");
    await expect(desk.getByRole("heading", { name: "Your sessions, Rahul" })).toBeVisible();
    await expect(desk.getByText("1 past session is waiting for a scorecard.")).toBeVisible();
    await expect(desk.getByRole("tab", { name: "Upcoming (1)" })).toHaveAttribute("aria-selected", "true");
    await expect(desk.getByLabel("Calendar feed link")).toHaveValue(/\/api\/interviewer\/calendar\/[\w-]+\.ics$/);
    await expectNoA11yViolations(desk);

    await desk.getByRole("tab", { name: "Upcoming (1)" }).press("ArrowRight");
    await expect(desk.getByRole("tab", { name: "Past (1)" })).toHaveAttribute("aria-selected", "true");
    const card = desk.getByRole("listitem").filter({ has: desk.getByRole("heading", { name: "Aarav Sharma" }) });
    await expect(card.getByRole("link", { name: /Resume/ })).toHaveAttribute(
      "href",
      "https://drive.example/resume.pdf",
    );
    await expect(card.getByRole("link", { name: /Use the backup link/ })).toHaveAttribute(
      "href",
      "https://meet.example/abc",
    );
    await card.getByRole("button", { name: /Write scorecard/ }).click();
    const form = desk.getByRole("dialog", { name: "Scorecard" });
    await form.getByLabel("Resume").selectOption("4");
    await form.getByLabel("Technical").selectOption("3");
    await form.getByLabel("HR", { exact: true }).selectOption("5");
    await form.getByLabel("Overall score").selectOption("4");
    await form.getByLabel("Tags").fill("Clear communicator");
    await form.getByLabel("Notes for the student").fill("Revise dynamic programming.");
    await expectNoA11yViolations(desk);
    await form.getByRole("button", { name: "Save scorecard" }).click();
    await expect(form.getByText("Scorecard saved. The student can see it on their dashboard.")).toBeVisible();
    await form.getByRole("button", { name: "Close", exact: true }).click();
    await expect(card.getByText("Completed")).toBeVisible();
    await expect(desk.getByText("Every past session has its scorecard or outcome.")).toBeVisible();
    await context.close();

    const audit = await db.selectFrom("audit_log").select("actor_email").where("entity_id", "=", booking.id).execute();
    expect(audit.map((a) => a.actor_email)).toEqual([interviewerEmail]);

    await page.goto("/dashboard");
    const feedback = page.getByRole("region", { name: "Recent feedback" });
    await expect(feedback.getByText("4/5")).toBeVisible();
    await expect(feedback.getByText("Clear communicator")).toBeVisible();
  });

  test("an interviewer sees the workshops they host, with seats booked and the link", async ({ page, db }) => {
    const interviewerEmail = uniqueEmail("host");
    const interviewer = await buildInterviewer(db, { email: interviewerEmail, name: "Kavya Rao" });
    await buildWorkshop(db, {
      title: "Graphs, live",
      level: "Intermediate",
      host_interviewer_id: interviewer.id,
      capacity: 15,
      start_at: hoursFromNow(40),
      end_at: hoursFromNow(42),
      meeting_link: "https://meet.example/graphs",
    });
    await signIn(page, interviewerEmail, "/interviewer");
    const hosted = page.getByRole("region", { name: "Workshops you host" });
    const card = hosted.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Graphs, live" }) });
    await expect(card.getByText("0 of 15 seats booked")).toBeVisible();
    await expect(card.getByRole("link", { name: /Join the workshop/ })).toHaveAttribute(
      "href",
      "https://meet.example/graphs",
    );
    await expectNoA11yViolations(page);
  });

  test("a student who opens the workspace is told it is for interviewers", async ({ page }) => {
    await signIn(page, uniqueEmail("curious"), "/dashboard");
    await page.goto("/interviewer");
    await expect(page.getByRole("alert")).toContainText("This workspace is for CareerPrep interviewers.");
    await expectNoA11yViolations(page);
  });

  test("a signed-out visitor signs in right there", async ({ page }) => {
    await page.goto("/interviewer");
    await expect(page.getByRole("heading", { name: "Interviewer sign-in" })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
