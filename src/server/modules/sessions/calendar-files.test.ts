import ICAL from "ical.js";
import { expect, it } from "vitest";
import { addDays, zonedDate } from "../../../shared/time.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { findRecentOutboxMessages } from "../../infrastructure/outbox/repository.js";
import { buildInterviewer, buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { jobHandlers } from "../index.js";

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * RFC 5545 §3.1 on the bytes: every line, the last one included, ends with CRLF; no bare CR or LF
 * anywhere; no line over 75 octets; and ical.js reads it as a calendar with at least one event.
 */
function expectCalendarFile(ics: string, what: string): void {
  expect(ics.endsWith("\r\n"), `${what} ends with CRLF`).toBe(true);
  expect(ics.replaceAll("\r\n", ""), `${what} has no bare CR or LF`).not.toMatch(/[\r\n]/);
  const lines = ics.slice(0, -2).split("\r\n");
  expect(
    lines.filter((line) => Buffer.byteLength(line, "utf8") > 75),
    `${what} lines over 75 octets`,
  ).toEqual([]);
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.name).toBe("vcalendar");
  expect(calendar.getAllSubcomponents("vevent").length, `${what} events`).toBeGreaterThan(0);
}

async function bookAndPay(t: TestApp, cookie: string, slotId: string): Promise<string> {
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slotId } }),
  );
  const checkout = json<{ bookingId: string; paymentId: string }>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
  );
  const paid = await t.request({ method: "POST", url: `/api/payments/dev/${checkout.paymentId}/pay`, cookie });
  expect(paid.statusCode).toBe(200);
  return checkout.bookingId;
}

describeEachDialect("calendar files end every line with CRLF", (t) => {
  it("the booking's .ics, the interviewer's feed and every mailed invite, through a booking's whole life", async () => {
    const { db } = t().app.deps;
    const runJobs = () => createJobRunner(t().app.deps, jobHandlers).runDue();
    const admin = await t().signInAdmin();
    const host = await buildInterviewer(db, { email: "feed-host@example.com", name: "Meera Iyer, SDE; Panel" });
    const onSlot = { interviewer_id: host.id, interviewer_name: host.name, interviewer_email: host.email };
    const first = await buildSlot(db, { ...onSlot, details: `Bring your resume. ${"Long details ".repeat(20)}` });
    const second = await buildSlot(db, { ...onSlot, start_at: inHours(96), end_at: inHours(96.75) });
    const email = "calendar-life@example.com";
    const cookie = await t().signIn(email);
    const bookingId = await bookAndPay(t(), cookie, first.id);
    await runJobs();
    const served = (await t().request({ url: `/api/me/bookings/${bookingId}/calendar.ics`, cookie })).body;
    expectCalendarFile(served, "the booking's .ics");

    const moveTo = { interviewerId: host.id, date: addDays(zonedDate(new Date(), "Asia/Kolkata"), 5) };
    const moved = await t().request({
      method: "PUT",
      url: `/api/admin/slots/${first.id}`,
      cookie: admin,
      payload: { ...moveTo, start: "19:00", end: "19:45" },
    });
    expect(moved.statusCode).toBe(200);
    const rescheduled = await t().request({
      method: "POST",
      url: `/api/me/bookings/${bookingId}/reschedule`,
      cookie,
      payload: { slotId: second.id },
    });
    expect(rescheduled.statusCode).toBe(200);

    const hostCookie = await t().signIn(host.email);
    const { url } = json<{ url: string }>(await t().request({ url: "/api/interviewer/calendar", cookie: hostCookie }));
    const feed = await t().request({ url: url.replace("http://localhost:3000", "") });
    expect(feed.statusCode).toBe(200);
    expectCalendarFile(feed.body, "the interviewer's feed");

    expect(
      (await t().request({ method: "POST", url: `/api/me/bookings/${bookingId}/cancel`, cookie, payload: {} }))
        .statusCode,
    ).toBe(200);
    await runJobs();
    const cancelled = (await t().request({ url: `/api/me/bookings/${bookingId}/calendar.ics`, cookie })).body;
    expect(cancelled).toContain("METHOD:CANCEL");
    expectCalendarFile(cancelled, "the cancelled booking's .ics");

    const mailed = (await findRecentOutboxMessages(db, 100))
      .filter((mail) => mail.to_address === email)
      .flatMap((mail) =>
        (JSON.parse(mail.attachments ?? "[]") as { contentType: string; content: string }[])
          .filter((file) => file.contentType.startsWith("text/calendar"))
          .map((file) => ({ subject: mail.subject, ics: file.content })),
      );
    const kinds = mailed.map(({ subject }) => subject.split(":")[0]).sort();
    expect(kinds).toEqual(["Booking confirmed", "Cancelled", "New time", "Rescheduled"]);
    for (const { subject, ics } of mailed) expectCalendarFile(ics, subject);
  });
});
