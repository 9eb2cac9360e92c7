import ICAL from "ical.js";
import { expect, it } from "vitest";
import type { InterviewerSessions } from "../../../shared/schemas/interviewer.js";
import type { Scorecard } from "../../../shared/schemas/scorecards.js";
import { buildBooking, buildInterviewer, buildSlot, buildWorkshop, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as unique } from "../../test/unique-email.js";

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const SCORECARD = {
  scores: { resume: 4, technical: 3, hr: 5 },
  overall: 4,
  tags: ["Clear communicator"],
  notes: "Revise dynamic programming.",
  recordingUrl: "",
};

/** An interviewer with one past and one upcoming booked session, each with its own student. */
async function interviewerWithSessions(t: TestApp) {
  const db = t.app.deps.db;
  const email = unique("interviewer");
  // Recorded with capitals by the admin; the interviewer signs in lower-case.
  const interviewer = await buildInterviewer(db, { email: email.toUpperCase(), name: "Rahul Menon" });
  const studentEmail = unique("student");
  const studentCookie = await t.signIn(studentEmail);
  const studentId = await findUserId(db, studentEmail);
  await db
    .insertInto("profiles")
    .values({
      user_id: studentId,
      first_name: "Aarav",
      last_name: "Sharma",
      qualification: "B.Tech",
      status: "completed",
      phone: "+919812345678",
      phone_verified_at: null,
      completed_at: null,
      updated_at: new Date().toISOString(),
      state: null,
    })
    .execute();
  await db
    .insertInto("resumes")
    .values({ user_id: studentId, url: "https://drive.example/aarav.pdf", updated_at: new Date().toISOString() })
    .execute();
  const pastSlot = await buildSlot(db, {
    interviewer_id: interviewer.id,
    start_at: inHours(-3),
    end_at: inHours(-2),
    meeting_link: "https://meet.example/past",
  });
  const past = await buildBooking(db, { user_id: studentId, target_id: pastSlot.id });
  const otherEmail = unique("student");
  await t.signIn(otherEmail);
  const upcomingSlot = await buildSlot(db, {
    interviewer_id: interviewer.id,
    start_at: inHours(30),
    end_at: inHours(31),
  });
  const upcoming = await buildBooking(db, { user_id: await findUserId(db, otherEmail), target_id: upcomingSlot.id });
  const cookie = await t.signIn(email);
  return { interviewer, cookie, studentCookie, past, upcoming };
}

describeEachDialect("the interviewer's workspace", (t) => {
  it("is for recorded interviewers only: 401 signed out, 403 for a student", async () => {
    expect((await t().request({ url: "/api/interviewer/sessions" })).statusCode).toBe(401);
    const student = await t().signIn(unique("student"));
    const res = await t().request({ url: "/api/interviewer/sessions", cookie: student });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      error: {
        code: "FORBIDDEN",
        message:
          "This workspace is for CareerPrep interviewers. Sign in with the e-mail address the CareerPrep team has on record for you.",
      },
    });
    const me = json<{ isInterviewer: boolean }>(await t().request({ url: "/api/me", cookie: student }));
    expect(me.isInterviewer).toBe(false);
  });

  it("lists upcoming and past sessions with the student's name, plan, resume and meeting link", async () => {
    const { cookie, past, upcoming } = await interviewerWithSessions(t());
    expect(json<{ isInterviewer: boolean }>(await t().request({ url: "/api/me", cookie })).isInterviewer).toBe(true);
    const sessions = json<InterviewerSessions>(await t().request({ url: "/api/interviewer/sessions", cookie }));
    expect(sessions.interviewer).toMatchObject({ name: "Rahul Menon", active: true });
    expect(sessions.upcoming.map((s) => s.bookingId)).toEqual([upcoming.id]);
    expect(sessions.past).toHaveLength(1);
    expect(sessions.past[0]).toMatchObject({
      bookingId: past.id,
      title: "Service-based mock interview",
      studentName: "Aarav Sharma",
      resumeUrl: "https://drive.example/aarav.pdf",
      meetingLink: "https://meet.example/past",
      status: "confirmed",
      hasScorecard: false,
    });
  });

  it("writes the scorecard of their own past session, which the student then reads; the audit log names them", async () => {
    const { interviewer, cookie, studentCookie, past } = await interviewerWithSessions(t());
    const view = await t().request({ url: `/api/interviewer/bookings/${past.id}/scorecard`, cookie });
    expect(view.statusCode).toBe(200);
    expect(json<{ areas: string[] }>(view).areas).toEqual(["technical", "hr", "resume"]);

    const saved = await t().request({
      method: "PUT",
      url: `/api/interviewer/bookings/${past.id}/scorecard`,
      cookie,
      payload: SCORECARD,
    });
    expect(saved.statusCode).toBe(200);
    const read = await t().request({ url: `/api/me/bookings/${past.id}/scorecard`, cookie: studentCookie });
    expect(json<Scorecard>(read)).toMatchObject({ overall: 4, notes: "Revise dynamic programming." });

    const audit = await t()
      .app.deps.db.selectFrom("audit_log")
      .select(["actor_email", "action", "entity"])
      .where("entity_id", "=", past.id)
      .execute();
    expect(audit).toEqual([{ actor_email: interviewer.email.toLowerCase(), action: "create", entity: "scorecard" }]);
    const sessions = json<InterviewerSessions>(await t().request({ url: "/api/interviewer/sessions", cookie }));
    expect(sessions.past[0]).toMatchObject({ status: "completed", hasScorecard: true });
  });

  it("keeps another interviewer (404) and a student (403) away from the session", async () => {
    const { past } = await interviewerWithSessions(t());
    const other = (await interviewerWithSessions(t())).cookie;
    const student = await t().signIn(unique("student"));
    for (const [cookie, status] of [
      [other, 404],
      [student, 403],
    ] as const) {
      const put = await t().request({
        method: "PUT",
        url: `/api/interviewer/bookings/${past.id}/scorecard`,
        cookie,
        payload: SCORECARD,
      });
      expect(put.statusCode).toBe(status);
      const outcome = await t().request({
        method: "POST",
        url: `/api/interviewer/bookings/${past.id}/outcome`,
        cookie,
        payload: { outcome: "no_show" },
      });
      expect(outcome.statusCode).toBe(status);
    }
    const untouched = await t()
      .app.deps.db.selectFrom("bookings")
      .select("status")
      .where("id", "=", past.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe("confirmed");
  });

  it("marks a no-show, and an inactive interviewer still reaches past sessions", async () => {
    const { interviewer, cookie, past, upcoming } = await interviewerWithSessions(t());
    const early = await t().request({
      method: "POST",
      url: `/api/interviewer/bookings/${upcoming.id}/outcome`,
      cookie,
      payload: { outcome: "no_show" },
    });
    expect(early.statusCode).toBe(409);
    await t().app.deps.db.updateTable("interviewers").set({ active: 0 }).where("id", "=", interviewer.id).execute();
    const marked = await t().request({
      method: "POST",
      url: `/api/interviewer/bookings/${past.id}/outcome`,
      cookie,
      payload: { outcome: "no_show" },
    });
    expect(json(marked)).toEqual({ status: "no_show" });
    const sessions = json<InterviewerSessions>(await t().request({ url: "/api/interviewer/sessions", cookie }));
    expect(sessions.interviewer.active).toBe(false);
    expect(sessions.past[0]?.status).toBe("no_show");
  });

  it("serves a private calendar feed that calendar apps can poll, and replaces it on request", async () => {
    const { cookie, past, upcoming } = await interviewerWithSessions(t());
    const { url } = json<{ url: string }>(await t().request({ url: "/api/interviewer/calendar", cookie }));
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/interviewer\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(json<{ url: string }>(await t().request({ url: "/api/interviewer/calendar", cookie })).url).toBe(url);

    const feed = await t().request({ url: url.replace("http://localhost:3000", "") });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`interviewer-${past.id}@careerprep`, `interviewer-${upcoming.id}@careerprep`].sort(),
    );
    expect(events.find((e) => e.uid.includes(past.id))?.summary).toBe("Service-based mock interview with Aarav Sharma");

    const replaced = json<{ url: string }>(
      await t().request({ method: "POST", url: "/api/interviewer/calendar", cookie }),
    ).url;
    expect(replaced).not.toBe(url);
    const old = await t().request({ url: url.replace("http://localhost:3000", "") });
    expect(old.statusCode).toBe(404);
    expect(json<{ error: { message: string } }>(old).error.message).toBe(
      "This calendar link is no longer valid. Copy the current one from your workspace.",
    );
    expect((await t().request({ url: replaced.replace("http://localhost:3000", "") })).statusCode).toBe(200);
  });

  it("lists the workshops they host with seats booked, and puts the published ones in the calendar feed", async () => {
    const { interviewer, cookie } = await interviewerWithSessions(t());
    const { db } = t().app.deps;
    const hosted = await buildWorkshop(db, {
      title: "System design, live",
      host_interviewer_id: interviewer.id,
      capacity: 12,
      start_at: inHours(50),
      end_at: inHours(52),
      meeting_link: "https://meet.example/design",
    });
    const draft = await buildWorkshop(db, {
      title: "Draft session",
      host_interviewer_id: interviewer.id,
      status: "draft",
      start_at: inHours(70),
      end_at: inHours(71),
    });
    await buildWorkshop(db, {
      title: "Ended",
      host_interviewer_id: interviewer.id,
      start_at: inHours(-5),
      end_at: inHours(-4),
    });
    await buildWorkshop(db, { title: "Someone else's", start_at: inHours(40), end_at: inHours(41) });
    const attendee = unique("attendee");
    await t().signIn(attendee);
    await buildBooking(db, {
      user_id: await findUserId(db, attendee),
      target_id: hosted.id,
      kind: "workshop",
      package_key: "ws_systemdesign",
    });

    const { workshops } = json<InterviewerSessions>(await t().request({ url: "/api/interviewer/sessions", cookie }));
    expect(workshops.map((w) => [w.title, w.booked, w.capacity, w.status])).toEqual([
      ["System design, live", 1, 12, "published"],
      ["Draft session", 0, draft.capacity, "draft"],
    ]);
    expect(workshops[0]?.meetingLink).toBe("https://meet.example/design");

    const { url } = json<{ url: string }>(await t().request({ url: "/api/interviewer/calendar", cookie }));
    const feed = await t().request({ url: url.replace("http://localhost:3000", "") });
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents("vevent")
      .map((e) => new ICAL.Event(e));
    const hostedEvent = events.find((e) => e.uid === `host-${hosted.id}@careerprep`);
    expect(hostedEvent?.summary).toBe("Workshop: System design, live (you host)");
    expect(hostedEvent?.location).toBe("https://meet.example/design");
    expect(events.some((e) => e.uid === `host-${draft.id}@careerprep`)).toBe(false);
  });
});
