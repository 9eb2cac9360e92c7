import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "./calendar-link.js";

describe("Google Calendar's add-event link", () => {
  it("carries the title, times, details and place exactly, whatever characters they hold", () => {
    const event = {
      title: "Product-based mock interview & résumé review (50% off + 1)",
      startAt: "2026-11-27T04:30:00.000Z",
      endAt: "2026-11-27T05:15:00.000Z",
      details: "Manage it at https://careerprep.example/dashboard?tab=interviews#next",
      location: "https://meet.example/room/ab-cd?pwd=x y",
    };
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: event.title,
      dates: "20261127T043000Z/20261127T051500Z",
      details: event.details,
      location: event.location,
    });
  });

  it("names no place when the session has no link, and normalises an instant with an offset to UTC", () => {
    const url = new URL(
      googleCalendarUrl({
        title: "Workshop",
        startAt: "2026-11-27T10:00:00+05:30",
        endAt: "2026-11-27T11:30:00+05:30",
        details: "d",
      }),
    );
    expect(url.searchParams.has("location")).toBe(false);
    expect(url.searchParams.get("dates")).toBe("20261127T043000Z/20261127T060000Z");
  });
});
