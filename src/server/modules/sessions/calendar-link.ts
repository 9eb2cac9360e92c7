/** An instant in UTC basic format (20261127T043000Z), as Google Calendar's `dates` takes it. */
function basicUtc(iso: string): string {
  const s = new Date(iso).toISOString();
  return `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 13)}${s.slice(14, 16)}${s.slice(17, 19)}Z`;
}

/**
 * Google Calendar's "add event" link for a session; times in UTC basic format. Built from
 * `encodeURIComponent`, not URLSearchParams and regular expressions: a dashboard makes one per
 * session, and for a student with 50 sessions those were 8 % of the page's server CPU in a profile;
 * this way the page costs about 5 % less (docs/benchmarks.md, Scale, sixth entry).
 */
export function googleCalendarUrl(event: {
  title: string;
  startAt: string;
  endAt: string;
  details: string;
  location?: string | undefined;
}): string {
  const params = [
    "action=TEMPLATE",
    `text=${encodeURIComponent(event.title)}`,
    `dates=${basicUtc(event.startAt)}/${basicUtc(event.endAt)}`,
    `details=${encodeURIComponent(event.details)}`,
  ];
  if (event.location) params.push(`location=${encodeURIComponent(event.location)}`);
  return `https://calendar.google.com/calendar/render?${params.join("&")}`;
}
