import type { AppDeps } from "../../app-deps.js";
import type { MailAttachment } from "../../infrastructure/mail/message.js";
import type { BookingSession } from "./repository.js";

export type InviteMethod = "REQUEST" | "CANCEL";

/** One UID per booking for its whole life, so calendars update or remove the same event. */
export const inviteUid = (bookingId: string): string => `booking-${bookingId}@careerprep`;

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** RFC 5545 text escaping: backslash, semicolon, comma and newlines. */
const escapeText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Parameter values (CN=…) are quoted when they hold ; : or , and can never hold a double quote. */
const paramValue = (value: string) => {
  const clean = value.replace(/["\r\n]/g, "");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
};

/** Lines longer than 75 octets are folded with CRLF + space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, "utf8") > limit) {
      parts.push(current);
      current = char;
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** An iTIP invite (REQUEST) or cancellation (CANCEL) for a booked session, times in UTC. */
export function buildSessionIcs(deps: Pick<AppDeps, "config">, session: BookingSession, method: InviteMethod): string {
  const { publicUrl, mail } = deps.config;
  const organizer = mail.from.match(/<([^>]+)>/)?.[1] ?? mail.from;
  const description = [
    `${session.title} with CareerPrep.`,
    session.meetingLink ? `Join: ${session.meetingLink}` : "The join link appears on your dashboard.",
    `Manage it: ${publicUrl}/dashboard`,
  ].join("\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//CareerPrep//Sessions//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${inviteUid(session.bookingId)}`,
    `SEQUENCE:${session.icsSequence}`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(session.startAt)}`,
    `DTEND:${stamp(session.endAt)}`,
    `SUMMARY:${escapeText(session.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(session.meetingLink ? [`LOCATION:${escapeText(session.meetingLink)}`, `URL:${session.meetingLink}`] : []),
    `ORGANIZER;CN=CareerPrep:mailto:${organizer}`,
    `ATTENDEE;CN=${paramValue(session.userName || session.userEmail)};ROLE=REQ-PARTICIPANT:mailto:${session.userEmail}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

export function sessionInviteAttachment(
  deps: Pick<AppDeps, "config">,
  session: BookingSession,
  method: InviteMethod,
): MailAttachment {
  return {
    filename: method === "CANCEL" ? "cancelled.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildSessionIcs(deps, session, method),
  };
}
