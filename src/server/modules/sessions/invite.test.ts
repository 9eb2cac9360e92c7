import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { PRODUCTION_ENV } from "../../test/test-app.js";
import { buildSessionIcs, inviteUid } from "./invite.js";
import type { BookingSession } from "./repository.js";

const config = loadConfig({
  ...PRODUCTION_ENV,
  MAIL_FROM: "CareerPrep <hello@careerprep.example.in>",
});

const session: BookingSession = {
  bookingId: "b-1",
  userId: "u-1",
  userEmail: "asha@example.com",
  userName: "Asha Rao, B.Tech; CSE",
  kind: "mock",
  packageKey: "product",
  packageLabel: "Product-based",
  status: "confirmed",
  targetId: "s-1",
  title: "Product-based mock interview",
  startAt: "2026-11-24T13:30:00.000Z",
  endAt: "2026-11-24T14:15:00.000Z",
  meetingLink: "https://meet.example.com/abc-defg-hij",
  interviewerName: "Priya Sharma",
  level: null,
  icsSequence: 2,
  attendance: null,
  amountPaise: 180_000,
  confirmedAt: null,
  cancelledAt: null,
  cancelReason: null,
  movedAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  hasReceipt: true,
};

describe("session invites", () => {
  it("parses with ical.js as a REQUEST with the booking's UID, sequence and UTC times", () => {
    const ics = buildSessionIcs({ config }, session, "REQUEST");
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    expect(event.uid).toBe(inviteUid("b-1"));
    expect(event.sequence).toBe(2);
    expect(event.summary).toBe("Product-based mock interview");
    expect(event.startDate.toJSDate().toISOString()).toBe(session.startAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(session.endAt);
    expect(event.location).toBe(session.meetingLink);
    expect(event.description).toContain("Manage it: https://careerprep.example.in/dashboard");
    expect(event.attendees[0]?.getParameter("cn")).toBe("Asha Rao, B.Tech; CSE");
    expect(event.organizer).toBe("mailto:hello@careerprep.example.in");
  });

  it("cancels the same event", () => {
    const ics = buildSessionIcs({ config }, { ...session, status: "cancelled", icsSequence: 3 }, "CANCEL");
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const vevent = calendar.getFirstSubcomponent("vevent");
    expect(vevent?.getFirstPropertyValue("uid")).toBe(inviteUid("b-1"));
    expect(vevent?.getFirstPropertyValue("sequence")).toBe(3);
    expect(vevent?.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});
