/** Google Calendar's "add event" link for a session; times in UTC basic format. */
export function googleCalendarUrl(event: {
  title: string;
  startAt: string;
  endAt: string;
  details: string;
  location?: string | undefined;
}): string {
  const stamp = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${stamp(event.startAt)}/${stamp(event.endAt)}`,
    details: event.details,
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
