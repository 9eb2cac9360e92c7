import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, MESSAGES } from "../messages.js";
import { firstIssue } from "./first-issue.js";
import { internshipInputSchema, parseWeeks, resizeWeekPlans } from "./internships.js";
import { interviewerInputSchema } from "./interviewers.js";
import { pricingInputSchema, rupeesFromText } from "./pricing.js";
import { checkSlotForm } from "./slots.js";
import { checkWorkshopForm, workshopFieldProblems } from "./workshops.js";

const IST = "Asia/Kolkata";
// 10:00 IST on 15 Jan 2030.
const now = new Date("2030-01-15T04:30:00.000Z");
const messageOf = (result: { message: string } | object) => ("message" in result ? result.message : null);

describe("the console's forms, as the browser checks them before sending", () => {
  it("slot: the body's shape first, then the spec's rules in order, then the instants in IST", () => {
    const form = { interviewerId: "i1", date: "2030-01-15", start: "19:00", end: "19:45" };
    expect(messageOf(checkSlotForm({ ...form, interviewerId: "" }, undefined, now, IST))).toBe(
      MESSAGES.slotInterviewerRequired,
    );
    expect(messageOf(checkSlotForm({ ...form, meetingLink: "ftp://x.y" }, ["service"], now, IST))).toBe(
      ADMIN_MESSAGES.meetingLinkInvalid,
    );
    expect(messageOf(checkSlotForm(form, [], now, IST))).toBe(MESSAGES.slotDateTimesRequired);
    expect(messageOf(checkSlotForm({ ...form, date: "2030-01-14" }, ["service"], now, IST))).toBe(MESSAGES.slotInPast);
    expect(messageOf(checkSlotForm({ ...form, start: "09:00", end: "10:04" }, ["service"], now, IST))).toBe(
      MESSAGES.slotEndTooSoon,
    );
    expect(checkSlotForm({ ...form, capacity: "2.9" }, ["service"], now, IST)).toEqual({
      input: expect.objectContaining({ capacity: 2, status: "published", details: "", meetingLink: "" }),
      times: { startAt: "2030-01-15T13:30:00.000Z", endAt: "2030-01-15T14:15:00.000Z" },
    });
  });

  it("workshop: a title, then the slot's timing rules in workshop words", () => {
    const form = {
      title: "Graphs",
      topicKey: "ws_dsa",
      level: "Beginner",
      date: "2030-01-15",
      start: "11:00",
    } as const;
    expect(messageOf(checkWorkshopForm({ ...form, title: " ", end: "" }, now, IST))).toBe(
      ADMIN_MESSAGES.workshopTitleRequired,
    );
    expect(messageOf(checkWorkshopForm({ ...form, end: "" }, now, IST))).toBe(ADMIN_MESSAGES.workshopDateTimesRequired);
    expect(messageOf(checkWorkshopForm({ ...form, end: "10:04" }, now, IST))).toBe(ADMIN_MESSAGES.workshopEndTooSoon);
    expect(messageOf(checkWorkshopForm({ ...form, end: "10:30" }, now, IST))).toBe(MESSAGES.slotEndBeforeStart);
  });

  it("workshop: every failing rule at once, each beside its field", () => {
    const form = {
      title: "Graphs",
      topicKey: "ws_dsa",
      level: "Beginner",
      date: "2030-01-15",
      start: "11:00",
    } as const;
    expect(
      workshopFieldProblems({ ...form, title: " ", end: "", capacity: 0, meetingLink: "ftp://x.y" }, now, IST),
    ).toEqual({
      title: ADMIN_MESSAGES.workshopTitleRequired,
      capacity: expect.any(String),
      meetingLink: ADMIN_MESSAGES.meetingLinkInvalid,
      end: ADMIN_MESSAGES.workshopDateTimesRequired,
    });
    expect(workshopFieldProblems({ ...form, date: "2030-01-14", end: "12:00" }, now, IST)).toEqual({
      date: ADMIN_MESSAGES.workshopInPast,
    });
    expect(workshopFieldProblems({ ...form, end: "10:30" }, now, IST)).toEqual({ end: MESSAGES.slotEndBeforeStart });
    expect(workshopFieldProblems({ ...form, end: "12:00" }, now, IST)).toEqual({});
  });

  it("interviewer: trimmed, e-mail lower-cased, company types once each", () => {
    const parsed = interviewerInputSchema.parse({
      name: " Meera ",
      email: " Meera@Example.COM ",
      phone: " +91 98450 12345 ",
      qualification: " SDE ",
      reviewedBy: " Panel ",
      companyTypes: ["service", "service", "maang"],
    });
    expect(parsed).toEqual({
      name: "Meera",
      email: "meera@example.com",
      phone: "+91 98450 12345",
      qualification: "SDE",
      reviewedBy: "Panel",
      companyTypes: ["service", "maang"],
      // An interviewer added without a choice covers every mock-interview domain.
      domains: ["sde", "pm", "analytics", "uiux"],
      active: true,
      overwrite: false,
    });
  });

  it("internship: an empty weeks box is zero weeks and is refused; resizing keeps the plans written", () => {
    expect(parseWeeks("")).toBe(0);
    expect(parseWeeks(" 3 ")).toBe(3);
    expect(parseWeeks("2.8")).toBe(2);
    const plans = [
      { title: "One", deliverables: "a" },
      { title: "Two", deliverables: "b" },
    ];
    expect(resizeWeekPlans(plans, 1)).toEqual([plans[0]]);
    expect(resizeWeekPlans(plans, 3)).toEqual([...plans, { title: "", deliverables: "" }]);
    const zero = internshipInputSchema.safeParse({ mentor: "Ravi", startDate: "2030-02-01", weeks: 0, weekPlans: [] });
    expect(zero.success ? null : firstIssue(zero.error)).toBe(ADMIN_MESSAGES.internshipWeeksRequired);
  });

  it("price: an empty box or a fraction is not a whole-rupee price", () => {
    const check = (text: string) => {
      const parsed = pricingInputSchema.safeParse({ available: true, priceRupees: rupeesFromText(text) });
      return parsed.success ? parsed.data.priceRupees : firstIssue(parsed.error);
    };
    expect(check("")).toBe(ADMIN_MESSAGES.priceWhole);
    expect(check("99.5")).toBe(ADMIN_MESSAGES.priceWhole);
    expect(check("0")).toBe(ADMIN_MESSAGES.pricePositive);
    expect(check("1299")).toBe(1299);
  });
});
