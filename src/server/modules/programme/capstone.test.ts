import { expect, it } from "vitest";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type { PublicCertificate } from "../../../shared/schemas/certificates.js";
import type { Capstone, Submission } from "../../../shared/schemas/programme.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInterviewer,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describeEachDialect("workshop capstones", (t) => {
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-capstone-${++counter}@example.com`;

  async function attendee(workshop: { id: string }) {
    const { db } = t().app.deps;
    const email = unique("attendee");
    const cookie = await t().signIn(email);
    const userId = await findUserId(db, email);
    await buildCompletedProfile(db, userId, { first_name: "Dev", last_name: "Patel" });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_web",
      amount_paise: 79_900,
    });
    return { cookie, booking };
  }

  async function workshopWithHost(overrides: { startInHours?: number; dueInHours?: number | null } = {}) {
    const { db } = t().app.deps;
    const hostEmail = unique("host");
    const host = await buildInterviewer(db, { name: "Host Person", email: hostEmail });
    const start = overrides.startInHours ?? -3;
    const due = overrides.dueInHours === undefined ? 48 : overrides.dueInHours;
    const workshop = await buildWorkshop(db, {
      topic_key: "ws_web",
      title: "Ship a web app in a day",
      level: "Beginner",
      start_at: hoursFromNow(start),
      end_at: hoursFromNow(start + 2),
      host_interviewer_id: host.id,
      capstone_brief: due === null ? null : "Deploy a small app and share the link.",
      capstone_due_at: due === null ? null : hoursFromNow(due),
    });
    return { workshop, hostCookie: () => t().signIn(hostEmail) };
  }

  const submit = (bookingId: string, cookie: string) =>
    t().request({
      method: "POST",
      url: `/api/me/workshops/${bookingId}/capstone`,
      cookie,
      payload: { url: "https://my-app.example.dev", note: "Live here" },
    });
  const review = (id: string, cookie: string, decision: string, comment = "") =>
    t().request({ method: "PUT", url: `/api/mentor/submissions/${id}/review`, cookie, payload: { decision, comment } });
  const issue = (bookingId: string, cookie: string) =>
    t().request({ method: "POST", url: `/api/admin/bookings/${bookingId}/certificate`, cookie });

  it("takes a capstone between the session's start and its deadline, only where there is one", async () => {
    const none = await workshopWithHost({ dueInHours: null });
    const a = await attendee(none.workshop);
    expect(json(await submit(a.booking.id, a.cookie))).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.noCapstone },
    });
    const early = await workshopWithHost({ startInHours: 5 });
    const b = await attendee(early.workshop);
    expect(json(await submit(b.booking.id, b.cookie))).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.capstoneNotStarted },
    });
    const closed = await workshopWithHost({ startInHours: -30, dueInHours: -1 });
    const c = await attendee(closed.workshop);
    expect(json(await submit(c.booking.id, c.cookie))).toEqual({
      error: { code: "CONFLICT", message: PROGRAMME_MESSAGES.capstoneClosed },
    });
    const open = await workshopWithHost();
    const d = await attendee(open.workshop);
    const ok = await submit(d.booking.id, d.cookie);
    expect(ok.statusCode).toBe(201);
    expect(json(ok)).toMatchObject({ kind: "capstone", status: "submitted", late: false });
    const view = json<Capstone>(
      await t().request({ url: `/api/me/workshops/${d.booking.id}/capstone`, cookie: d.cookie }),
    );
    expect(view).toMatchObject({
      brief: "Deploy a small app and share the link.",
      submissions: [{ status: "submitted" }],
    });
    const stranger = await t().signIn(unique("stranger"));
    expect((await submit(d.booking.id, stranger)).statusCode).toBe(404);
  });

  it("is reviewed by the session's host or an admin, and an approved capstone makes the certificate one of completion", async () => {
    const { workshop, hostCookie } = await workshopWithHost();
    const a = await attendee(workshop);
    const submission = json<Submission>(await submit(a.booking.id, a.cookie));
    const otherInterviewerEmail = unique("other-host");
    await buildInterviewer(t().app.deps.db, { email: otherInterviewerEmail });
    const other = await t().signIn(otherInterviewerEmail);
    expect((await review(submission.id, other, "approved")).statusCode).toBe(403);

    const admin = await t().signInAdmin();
    const { certificate } = json<{ certificate: PublicCertificate }>(await issue(a.booking.id, admin));
    expect(certificate).toMatchObject({ course: "workshop", kind: "attendance" });

    const approved = await review(submission.id, await hostCookie(), "approved", "Nicely done");
    expect(approved.statusCode).toBe(200);
    const after = json<PublicCertificate>(await t().request({ url: `/api/certificates/${certificate.code}` }));
    expect(after).toMatchObject({ code: certificate.code, kind: "completion" });
    const page = await t().request({ url: `/api/certificates/${certificate.code}/pdf` });
    expect(page.statusCode).toBe(200);
  });

  it("gives a certificate of attendance while the capstone is not approved, and of completion when it was", async () => {
    const { workshop, hostCookie } = await workshopWithHost();
    const admin = await t().signInAdmin();
    const pending = await attendee(workshop);
    const changes = json<Submission>(await submit(pending.booking.id, pending.cookie));
    await review(changes.id, await hostCookie(), "changes_requested", "The link is broken");
    expect(json<{ certificate: PublicCertificate }>(await issue(pending.booking.id, admin)).certificate.kind).toBe(
      "attendance",
    );

    const done = await attendee(workshop);
    const approved = json<Submission>(await submit(done.booking.id, done.cookie));
    await review(approved.id, admin, "approved");
    expect(json<{ certificate: PublicCertificate }>(await issue(done.booking.id, admin)).certificate.kind).toBe(
      "completion",
    );
  });
});
