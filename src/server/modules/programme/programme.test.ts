import { beforeEach, expect, it } from "vitest";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type { PublicCertificate } from "../../../shared/schemas/certificates.js";
import type { Programme, Roster, Submission } from "../../../shared/schemas/programme.js";
import { addDays, zonedDate } from "../../../shared/time.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildInterviewer,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

const DAY = 86_400_000;
const today = () => zonedDate(new Date(), "Asia/Kolkata");

describeEachDialect("internship programme", (t) => {
  // Every test brings its own mentors: those of earlier tests stop mentoring.
  beforeEach(async () => {
    await t().app.deps.db.updateTable("interviewers").set({ mentor_track: null }).execute();
  });
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  async function mentor(track: string, name: string) {
    const email = unique("mentor");
    const row = await buildInterviewer(t().app.deps.db, { name, email, mentor_track: track });
    return { row, cookie: () => t().signIn(email) };
  }

  async function student(batchId: string, track = "int_mobile") {
    const { db } = t().app.deps;
    const email = unique("student");
    const cookie = await t().signIn(email);
    const userId = await findUserId(db, email);
    await buildCompletedProfile(db, userId, { first_name: "Meera", last_name: `Student${counter}` });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: batchId,
      kind: "internship",
      package_key: track,
      amount_paise: 499_900,
    });
    return { cookie, booking, userId, email };
  }

  const programme = async (bookingId: string, cookie: string) =>
    json<Programme>(await t().request({ url: `/api/me/internships/${bookingId}/programme`, cookie }));
  const submit = (bookingId: string, week: number, cookie: string, url = "https://github.com/meera/app/pull/1") =>
    t().request({
      method: "POST",
      url: `/api/me/internships/${bookingId}/milestones/${week}/submissions`,
      cookie,
      payload: { url, note: "Screens done" },
    });
  const review = (id: string, cookie: string, decision: string, comment = "") =>
    t().request({ method: "PUT", url: `/api/mentor/submissions/${id}/review`, cookie, payload: { decision, comment } });

  it("matches each paid student to the mentor of the track with the fewest students, and lets an admin move them", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile", title: "Mobile App Internship" });
    const karthik = await mentor("int_mobile", "Karthik Rao");
    const lata = await mentor("int_mobile", "Lata Bose");
    await mentor("int_product", "Product Person");
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await student(batch.id);
      names.push((await programme(s.booking.id, s.cookie)).mentor?.name ?? "none");
    }
    expect(names.filter((n) => n === "Karthik Rao")).toHaveLength(2);
    expect(names.filter((n) => n === "Lata Bose")).toHaveLength(2);

    const admin = await t().signInAdmin();
    const roster = json<Roster>(await t().request({ url: `/api/admin/internships/${batch.id}/roster`, cookie: admin }));
    expect(roster.students).toHaveLength(4);
    expect(roster.mentors.map((m) => [m.name, m.students])).toEqual([
      ["Karthik Rao", 2],
      ["Lata Bose", 2],
    ]);
    const moved = roster.students.find((s) => s.mentor?.id === karthik.row.id);
    const moveTo = (mentorId: string) =>
      t().request({
        method: "PUT",
        url: `/api/admin/programme/${moved?.bookingId}/mentor`,
        cookie: admin,
        payload: { mentorId },
      });
    const after = json<Roster>(await moveTo(lata.row.id));
    expect(after.mentors.map((m) => [m.name, m.students])).toEqual([
      ["Karthik Rao", 1],
      ["Lata Bose", 3],
    ]);
    const product = await buildInterviewer(t().app.deps.db, { mentor_track: "int_product" });
    const refused = await moveTo(product.id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({ error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.mentorNotFound } });
  });

  it("shows each week as a milestone due on the week's last day, and only to its own student", async () => {
    const start = addDays(today(), 3);
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile", start_date: start });
    await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    const view = await programme(s.booking.id, s.cookie);
    expect(view.milestones).toEqual([
      expect.objectContaining({ week: 1, title: "Setup", dueDate: addDays(start, 6), status: "open", missing: false }),
      expect.objectContaining({ week: 2, title: "Build", dueDate: addDays(start, 13), status: "open" }),
    ]);
    expect(view).toMatchObject({ onboardingCall: null, standups: [], progress: { approved: 0, total: 2 } });
    expect(view.nextDueDate).toBe(addDays(start, 6));

    const other = await t().signIn(unique("other"));
    const refused = await t().request({ url: `/api/me/internships/${s.booking.id}/programme`, cookie: other });
    expect(refused.statusCode).toBe(404);
    expect((await t().request({ url: `/api/me/internships/${s.booking.id}/programme` })).statusCode).toBe(401);
  });

  it("lets only the student's mentor or an admin review, and takes a resubmission after changes are requested", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile" });
    const own = await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    await programme(s.booking.id, s.cookie);
    const stranger = await mentor("int_backend", "Someone Else");

    const first = await submit(s.booking.id, 1, s.cookie);
    expect(first.statusCode).toBe(201);
    const submission = json<Submission>(first);
    expect(submission).toMatchObject({ status: "submitted", week: 1, late: false });
    const again = await submit(s.booking.id, 1, s.cookie);
    expect(json(again)).toEqual({ error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.awaitingReview } });
    expect((await submit(s.booking.id, 3, s.cookie)).statusCode).toBe(404);
    expect((await submit(s.booking.id, 1, s.cookie, "not a link")).statusCode).toBe(400);

    expect((await review(submission.id, await stranger.cookie(), "approved")).statusCode).toBe(403);
    expect((await review(submission.id, s.cookie, "approved")).statusCode).toBe(403);
    const mentorCookie = await own.cookie();
    expect((await review(submission.id, mentorCookie, "changes_requested")).statusCode).toBe(400);
    const changes = await review(submission.id, mentorCookie, "changes_requested", "Add the offline state.");
    expect(changes.statusCode).toBe(200);
    expect(json<Submission>(changes).comments.map((c) => [c.authorRole, c.body])).toEqual([
      ["student", "Screens done"],
      ["reviewer", "Add the offline state."],
    ]);
    expect((await review(submission.id, mentorCookie, "approved")).statusCode).toBe(409);
    expect((await programme(s.booking.id, s.cookie)).milestones[0]?.status).toBe("changes_requested");
    const comment = (cookie: string) =>
      t().request({
        method: "POST",
        url: `/api/submissions/${submission.id}/comments`,
        cookie,
        payload: { body: "Which screen?" },
      });
    expect(json<Submission>(await comment(s.cookie)).comments.at(-1)).toMatchObject({
      authorRole: "student",
      body: "Which screen?",
    });
    expect((await comment(await stranger.cookie())).statusCode).toBe(403);

    const second = json<Submission>(await submit(s.booking.id, 1, s.cookie, "https://github.com/meera/app/pull/2"));
    const admin = await t().signInAdmin();
    expect((await review(second.id, admin, "approved", "Great work")).statusCode).toBe(200);
    const view = await programme(s.booking.id, s.cookie);
    expect(view.milestones[0]?.status).toBe("approved");
    expect(view.progress).toEqual({ approved: 1, total: 2 });
    expect(view.lastFeedback).toMatchObject({ week: 1, body: "Great work" });
    expect(json(await submit(s.booking.id, 1, s.cookie))).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.alreadyApproved },
    });
  });

  it("shows late and missing weeks to the mentor and the admin", async () => {
    const start = addDays(today(), -15);
    const batch = await buildInternship(t().app.deps.db, {
      track_key: "int_mobile",
      start_date: start,
      weeks: 3,
      week_plans: JSON.stringify([1, 2, 3].map((w) => ({ title: `Week ${w}`, deliverables: "Work" }))),
    });
    const own = await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    await programme(s.booking.id, s.cookie);
    expect((await submit(s.booking.id, 1, s.cookie)).statusCode).toBe(201);

    const overview = json<{ students: Roster["students"] }>(
      await t().request({ url: "/api/mentor/overview", cookie: await own.cookie() }),
    );
    expect(overview.students).toEqual([expect.objectContaining({ late: [1], missing: [2] })]);
    const admin = await t().signInAdmin();
    const roster = json<Roster>(await t().request({ url: `/api/admin/internships/${batch.id}/roster`, cookie: admin }));
    expect(roster.students[0]).toMatchObject({ late: [1], missing: [2], approved: 0, total: 3 });
  });

  it("lists submissions to review oldest first, a page at a time", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_product" });
    const own = await mentor("int_product", "Meera Nair");
    const students = [await student(batch.id, "int_product"), await student(batch.id, "int_product")];
    for (const s of students) {
      await programme(s.booking.id, s.cookie);
      await submit(s.booking.id, 1, s.cookie);
      await submit(s.booking.id, 2, s.cookie);
    }
    const cookie = await own.cookie();
    const first = json<{ items: Submission[]; nextCursor: string | null }>(
      await t().request({ url: "/api/mentor/submissions?limit=3", cookie }),
    );
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const rest = json<{ items: Submission[]; nextCursor: string | null }>(
      await t().request({ url: `/api/mentor/submissions?limit=3&cursor=${first.nextCursor}`, cookie }),
    );
    expect(rest).toMatchObject({ nextCursor: null });
    const all = [...first.items, ...rest.items].map((i) => i.submittedAt);
    expect(all).toHaveLength(4);
    expect([...all].sort()).toEqual(all);
    const nobody = await t().signIn(unique("nobody"));
    expect((await t().request({ url: "/api/mentor/submissions", cookie: nobody })).statusCode).toBe(403);
  });

  it("records standups for the mentor to read", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile" });
    const own = await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    const post = (payload: object) =>
      t().request({ method: "POST", url: `/api/me/internships/${s.booking.id}/standups`, cookie: s.cookie, payload });
    const posted = await post({ done: "Set up the project", next: "Build screens", blockers: "" });
    expect(posted.statusCode).toBe(201);
    expect(json(posted)).toMatchObject({ week: 1, done: "Set up the project" });
    const bad = await post({ done: "", next: "x" });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ error: { code: "VALIDATION", message: PROGRAMME_MESSAGES.standupRequired } });
    expect((await programme(s.booking.id, s.cookie)).standups).toHaveLength(1);
    const feed = json<{ items: { studentName: string; done: string }[] }>(
      await t().request({ url: "/api/mentor/standups", cookie: await own.cookie() }),
    );
    expect(feed.items).toEqual([expect.objectContaining({ done: "Set up the project" })]);
    expect(feed.items[0]?.studentName).toMatch(/^Meera Student/);
  });

  it("books the onboarding call in one of the mentor's free half hours, never the same one twice", async () => {
    const batch = await buildInternship(t().app.deps.db, {
      track_key: "int_mobile",
      meeting_link: "https://meet.example.com/mobile",
    });
    await mentor("int_mobile", "Karthik Rao");
    const a = await student(batch.id);
    const b = await student(batch.id);
    await programme(a.booking.id, a.cookie);
    await programme(b.booking.id, b.cookie);
    const times = json<{ times: { startAt: string; endAt: string }[] }>(
      await t().request({ url: `/api/me/internships/${a.booking.id}/onboarding-call/times`, cookie: a.cookie }),
    ).times;
    expect(times.length).toBeGreaterThan(0);
    const chosen = times[0];
    if (!chosen) throw new Error("no time offered");
    expect(Date.parse(chosen.endAt) - Date.parse(chosen.startAt)).toBe(30 * 60_000);
    expect(Date.parse(chosen.startAt)).toBeGreaterThan(Date.now());

    const book = (who: { booking: { id: string }; cookie: string }, startAt: string) =>
      t().request({
        method: "POST",
        url: `/api/me/internships/${who.booking.id}/onboarding-call`,
        cookie: who.cookie,
        payload: { startAt },
      });
    const booked = await book(a, chosen.startAt);
    expect(booked.statusCode).toBe(201);
    expect(json(booked)).toMatchObject({
      startAt: chosen.startAt,
      joinUrl: "https://meet.example.com/mobile",
      mentorName: "Karthik Rao",
    });
    expect(json(await book(a, times[1]?.startAt ?? ""))).toMatchObject({ error: { code: "CONFLICT" } });
    expect(json(await book(b, chosen.startAt))).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.callTaken },
    });
    const offeredToB = json<{ times: { startAt: string }[] }>(
      await t().request({ url: `/api/me/internships/${b.booking.id}/onboarding-call/times`, cookie: b.cookie }),
    ).times;
    expect(offeredToB.map((x) => x.startAt)).not.toContain(chosen.startAt);
    const odd = new Date(Date.parse(chosen.startAt) + 7 * 60_000).toISOString();
    expect(json(await book(b, odd))).toMatchObject({
      error: { code: "VALIDATION", message: PROGRAMME_MESSAGES.callNotOffered },
    });
    expect((await programme(a.booking.id, a.cookie)).onboardingCall).toMatchObject({ startAt: chosen.startAt });
  });

  it("issues the completion certificate once demo day is attended and every milestone approved", async () => {
    const start = addDays(today(), -8);
    const batch = await buildInternship(t().app.deps.db, {
      track_key: "int_mobile",
      title: "Mobile App Internship",
      start_date: start,
    });
    const own = await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    await programme(s.booking.id, s.cookie);
    const admin = await t().signInAdmin();
    const attend = () =>
      t().request({ method: "POST", url: `/api/admin/programme/${s.booking.id}/demo-attendance`, cookie: admin });
    expect(json(await attend())).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.demoDayNotScheduled },
    });

    const demo = (startAt: Date) =>
      t().request({
        method: "PUT",
        url: `/api/admin/internships/${batch.id}/demo-day`,
        cookie: admin,
        payload: { startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 2 * 3_600_000).toISOString() },
      });
    expect((await demo(new Date(Date.now() - 20 * DAY))).statusCode).toBe(400);
    expect((await demo(new Date(Date.now() + DAY))).statusCode).toBe(200);
    expect(json(await attend())).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.demoDayNotStarted },
    });
    expect((await demo(new Date(Date.now() - 3_600_000))).statusCode).toBe(200);

    const mentorCookie = await own.cookie();
    const week1 = json<Submission>(await submit(s.booking.id, 1, s.cookie));
    await review(week1.id, mentorCookie, "approved");
    expect(json(await attend())).toEqual({ demoAttended: true, certificateCode: null });

    const week2 = json<Submission>(await submit(s.booking.id, 2, s.cookie));
    await review(week2.id, mentorCookie, "approved", "Ship it");
    const code = (await programme(s.booking.id, s.cookie)).certificateCode;
    expect(code).toMatch(/^CP-/);
    const certificate = json<PublicCertificate>(await t().request({ url: `/api/certificates/${code}` }));
    expect(certificate).toMatchObject({
      course: "internship",
      kind: "completion",
      title: "Mobile App Internship",
      details: "Mobile internship · 2 weeks · mentor Karthik Rao",
      recipientName: expect.stringMatching(/^Meera Student/),
    });
    const linkedIn = new URL(certificate.linkedInUrl ?? "");
    expect(linkedIn.origin + linkedIn.pathname).toBe("https://www.linkedin.com/profile/add");
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: "CERTIFICATION_NAME",
      name: "Mobile App Internship",
      organizationName: "CareerPrep",
      certUrl: `http://localhost:3000/certificates/${code}`,
      certId: code,
      issueYear: today().slice(0, 4),
      issueMonth: String(Number(today().slice(5, 7))),
    });
    expect(json(await attend())).toEqual({ demoAttended: true, certificateCode: code });
  });

  it("sends the standup reminder only for a week without a standup", async () => {
    const start = addDays(today(), 1);
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile", start_date: start });
    await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    await programme(s.booking.id, s.cookie);
    const { db } = t().app.deps;
    const jobs = await db
      .selectFrom("jobs")
      .select(["payload", "run_at"])
      .where("type", "=", "standup_reminder")
      .where("payload", "like", `%${s.booking.id}%`)
      .orderBy("run_at")
      .execute();
    expect(jobs.map((j) => JSON.parse(j.payload).week)).toEqual([1, 2]);

    const { runStandupReminderJob } = await import("./enrolment.js");
    expect(await runStandupReminderJob(t().app.deps, { bookingId: s.booking.id, week: 1 })).toBe("done");
    const mail = await db
      .selectFrom("outbox_messages")
      .select(["subject"])
      .where("to_address", "=", s.email)
      .where("subject", "=", PROGRAMME_MESSAGES.standupReminderSubject)
      .execute();
    expect(mail).toHaveLength(1);
    await t().request({
      method: "POST",
      url: `/api/me/internships/${s.booking.id}/standups`,
      cookie: s.cookie,
      payload: { done: "a", next: "b" },
    });
    expect(await runStandupReminderJob(t().app.deps, { bookingId: s.booking.id, week: 1 })).toBe("skipped");
  });

  it("exports the student's programme writing and erases it with the account", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile" });
    await mentor("int_mobile", "Karthik Rao");
    const s = await student(batch.id);
    const { db } = t().app.deps;
    const apply = await t().request({
      method: "PUT",
      url: `/api/me/internship-applications/${batch.id}`,
      cookie: s.cookie,
      payload: {
        college: "NIT Trichy",
        yearOfStudy: "3rd year",
        graduationYear: 2027,
        why: "To build a real app",
        projectUrl: "https://github.com/me",
      },
    });
    expect(apply.statusCode).toBe(200);
    await programme(s.booking.id, s.cookie);
    await submit(s.booking.id, 1, s.cookie);
    await t().request({
      method: "POST",
      url: `/api/me/internships/${s.booking.id}/standups`,
      cookie: s.cookie,
      payload: { done: "Setup", next: "Screens" },
    });
    const exported = json<Record<string, unknown[]>>(await t().request({ url: "/api/me/export", cookie: s.cookie }));
    expect(exported.internshipApplications).toEqual([expect.objectContaining({ college: "NIT Trichy" })]);
    expect(exported.submissions).toHaveLength(1);
    expect(exported.submissionComments).toEqual([expect.objectContaining({ body: "Screens done" })]);
    expect(exported.standups).toEqual([expect.objectContaining({ done: "Setup" })]);

    const erased = await t().request({
      method: "DELETE",
      url: "/api/me",
      cookie: s.cookie,
      payload: { confirm: s.email },
    });
    expect(erased.statusCode).toBe(204);
    const left = await Promise.all([
      db.selectFrom("internship_applications").select("id").where("user_id", "=", s.userId).execute(),
      db.selectFrom("submissions").select("id").where("booking_id", "=", s.booking.id).execute(),
      db.selectFrom("standups").select("id").where("booking_id", "=", s.booking.id).execute(),
    ]);
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0]);
  });

  it("holds an internship seat only for a student who applied to the batch, with a valid application", async () => {
    const batch = await buildInternship(t().app.deps.db, { track_key: "int_mobile", start_date: addDays(today(), 5) });
    const cookie = await t().signIn(unique("applicant"));
    const hold = () =>
      t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "internship", targetId: batch.id } });
    const refused = await hold();
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({ error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.applicationRequired } });
    const apply = (payload: object) =>
      t().request({ method: "PUT", url: `/api/me/internship-applications/${batch.id}`, cookie, payload });
    const valid = {
      college: "VIT Vellore",
      yearOfStudy: "2nd year",
      graduationYear: 2028,
      why: "I want mentored practice",
      projectUrl: "https://github.com/me/app",
    };
    expect(json(await apply({ ...valid, projectUrl: "github.com/me" }))).toMatchObject({
      error: { code: "VALIDATION", message: PROGRAMME_MESSAGES.linkInvalid },
    });
    expect(json(await apply({ ...valid, why: "one\ntwo" }))).toMatchObject({
      error: { code: "VALIDATION", message: PROGRAMME_MESSAGES.whyTooLong },
    });
    expect((await apply(valid)).statusCode).toBe(200);
    expect((await hold()).statusCode).toBe(201);
  });
});
