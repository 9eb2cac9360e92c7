import { randomInt, randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors.js";
import { CERTIFICATE_MESSAGES, DASHBOARD_MESSAGES, JOURNEY_MESSAGES } from "../../../shared/messages.js";
import {
  type CertificateCourse,
  type CertificateKind,
  certificateHeading,
  type PublicCertificate,
} from "../../../shared/schemas/certificates.js";
import { formatDayLabel, wallClock, zonedDate } from "../../../shared/time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Executor } from "../../db/database.js";
import type { BookingKind, BookingStatus, CertificatesTable } from "../../db/schema.js";
import { escapeHtml, layoutEmail } from "../../infrastructure/mail/layout.js";
import type { SessionUser } from "../../plugins/auth.js";
import { recordAudit } from "../audit/index.js";
import { lockBookingById, updateBooking } from "../bookings/index.js";
import { notifyUser } from "../notifications/service.js";
import { findBookingSession } from "../sessions/index.js";
import { capstoneApproved } from "../submissions/service.js";
import {
  findCertificateByBooking,
  findCertificateByCode,
  findCertificatesOfBookings,
  findRecipientName,
  insertCertificate,
  revokeCertificate,
  setCertificateAward,
} from "./repository.js";

/** Crockford base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ELIGIBLE: readonly BookingStatus[] = ["confirmed", "completed"];

export function newCertificateCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(""),
  );
  return `CP-${groups.join("-")}`;
}

const ORGANISATION = "CareerPrep";

/**
 * LinkedIn's add-to-profile link (the "Add to profile" certification form, pre-filled): the
 * certificate's name, organisation, issue month, public URL and code.
 */
export function linkedInAddUrl(row: CertificatesTable, publicUrl: string, timeZone: string): string {
  const issued = wallClock(new Date(row.issued_at), timeZone);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: row.title,
    organizationName: ORGANISATION,
    issueYear: String(issued.year),
    issueMonth: String(issued.month),
    certUrl: `${publicUrl}/certificates/${row.code}`,
    certId: row.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

export function toPublicCertificate(
  row: CertificatesTable,
  site: { publicUrl: string; timeZone: string },
): PublicCertificate {
  return {
    code: row.code,
    recipientName: row.recipient_name,
    title: row.title,
    course: row.kind as CertificateCourse,
    kind: row.award as CertificateKind,
    details: row.details,
    issuedAt: row.issued_at,
    status: row.revoked_at ? "revoked" : "valid",
    revokedAt: row.revoked_at,
    holderRemoved: row.recipient_name === "",
    linkedInUrl: row.revoked_at ? null : linkedInAddUrl(row, site.publicUrl, site.timeZone),
  };
}

export async function findPublicCertificate(deps: AppDeps, code: string): Promise<PublicCertificate> {
  const row = await findCertificateByCode(deps.db, code.trim().toUpperCase());
  if (!row) throw new AppError("NOT_FOUND", CERTIFICATE_MESSAGES.notFound);
  return toPublicCertificate(row, deps.config);
}

/**
 * Records workshop attendance or internship completion and issues the certificate. Issuing
 * twice returns the first certificate, so a double click never makes two codes. A workshop's
 * certificate is of completion when its capstone was approved, of attendance otherwise.
 */
export async function issueCertificate(
  deps: AppDeps,
  admin: SessionUser,
  bookingId: string,
): Promise<{ certificate: PublicCertificate; created: boolean }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const booking = await lockBookingById(trx, deps.dialect, bookingId);
    const session = booking && (await findBookingSession(trx, deps.config.timeZone, bookingId));
    if (!booking || !session) throw new AppError("NOT_FOUND", DASHBOARD_MESSAGES.bookingNotFound);
    const existing = await findCertificateByBooking(trx, bookingId);
    if (existing) return { row: existing, created: false, session };
    if (booking.kind === "mock") throw new AppError("CONFLICT", CERTIFICATE_MESSAGES.kindNotCertified);
    if (!ELIGIBLE.includes(booking.status)) throw new AppError("CONFLICT", CERTIFICATE_MESSAGES.notEligible);
    if (Date.parse(session.startAt) > Date.now()) throw new AppError("CONFLICT", CERTIFICATE_MESSAGES.notStarted);
    // A certificate of completion is for a batch that has run its weeks (docs/product.md, After the session).
    if (booking.kind === "internship" && Date.parse(session.endAt) > Date.now()) {
      const end = formatDayLabel(zonedDate(new Date(session.endAt), deps.config.timeZone));
      throw new AppError("CONFLICT", CERTIFICATE_MESSAGES.batchNotEnded(end));
    }
    const award: CertificateKind =
      booking.kind === "internship" || (await capstoneApproved(trx, booking.id)) ? "completion" : "attendance";
    const title = session.level ? `${session.title} (${session.level})` : session.title;
    const row = await writeCertificate(trx, deps, booking, { title, award, details: null }, admin.email);
    return { row, created: true, session };
  });

  const certificate = toPublicCertificate(result.row, deps.config);
  if (result.created) await announceCertificate(deps, result.session, certificate);
  return { certificate, created: result.created };
}

/**
 * Inside the caller's transaction: issues the certificate of a booking (locked by the caller) and
 * marks the booking completed. A name before anything official (docs/product.md, Profile): the
 * profile's, never an e-mail's user part.
 */
export async function writeCertificate(
  trx: Executor,
  deps: AppDeps,
  booking: { id: string; user_id: string; kind: BookingKind; status: BookingStatus; attendance: string | null },
  what: { title: string; award: CertificateKind; details: string | null },
  actorEmail: string,
): Promise<CertificatesTable> {
  const recipientName = await findRecipientName(trx, booking.user_id);
  if (!recipientName) throw new AppError("CONFLICT", JOURNEY_MESSAGES.certificateNeedsName);
  const now = new Date().toISOString();
  const row: CertificatesTable = {
    id: randomUUID(),
    code: newCertificateCode(),
    user_id: booking.user_id,
    booking_id: booking.id,
    kind: booking.kind,
    recipient_name: recipientName,
    title: what.title,
    award: what.award,
    details: what.details,
    issued_at: now,
    revoked_at: null,
  };
  await insertCertificate(trx, row);
  await updateBooking(trx, booking.id, {
    status: "completed",
    attendance: booking.kind === "workshop" ? "attended" : "completed",
    updated_at: now,
  });
  await recordAudit(trx, {
    actorEmail,
    action: "issue",
    entity: "certificate",
    entityId: row.code,
    before: { bookingStatus: booking.status, attendance: booking.attendance },
    after: toPublicCertificate(row, deps.config),
  });
  return row;
}

/** Inside the caller's transaction: an attendance certificate becomes one of completion (capstone approved). */
export async function upgradeToCompletion(trx: Executor, bookingId: string): Promise<CertificatesTable | undefined> {
  const row = await findCertificateByBooking(trx, bookingId);
  if (!row || row.award === "completion" || row.revoked_at) return undefined;
  await setCertificateAward(trx, row.code, "completion");
  return { ...row, award: "completion" };
}

export async function findCertificateOfBooking(db: Executor, bookingId: string) {
  return findCertificateByBooking(db, bookingId);
}

/** The valid certificate code of each of these bookings that has one. */
export async function certificateCodesOf(db: Executor, bookingIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await findCertificatesOfBookings(db, bookingIds);
  return new Map(rows.map((r) => [r.booking_id, r.code]));
}

/** After the commit: the student hears about their certificate in the app and by e-mail. */
export async function announceCertificate(
  deps: AppDeps,
  to: { userId: string; userEmail: string },
  certificate: PublicCertificate,
): Promise<void> {
  await notifyUser(deps, {
    userId: to.userId,
    type: "certificate_issued",
    title: "Your certificate is ready",
    body: `${certificate.title}: certificate ${certificate.code}.`,
    link: `/certificates/${certificate.code}`,
  });
  await sendCertificateEmail(deps, to.userEmail, certificate);
}

/** Withdraws a certificate; its public page then says so and the PDF is no longer served. */
export async function revokeCertificateAsAdmin(
  deps: AppDeps,
  admin: SessionUser,
  code: string,
): Promise<PublicCertificate> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await findCertificateByCode(trx, code.trim().toUpperCase());
    if (!row) throw new AppError("NOT_FOUND", CERTIFICATE_MESSAGES.notFound);
    if (row.revoked_at) return;
    const revoked = { ...row, revoked_at: new Date().toISOString() };
    await revokeCertificate(trx, row.code, revoked.revoked_at);
    await recordAudit(trx, {
      actorEmail: admin.email,
      action: "revoke",
      entity: "certificate",
      entityId: row.code,
      before: toPublicCertificate(row, deps.config),
      after: toPublicCertificate(revoked, deps.config),
    });
  });
  return findPublicCertificate(deps, code);
}

async function sendCertificateEmail(deps: AppDeps, to: string, certificate: PublicCertificate): Promise<void> {
  const page = `${deps.config.publicUrl}/certificates/${certificate.code}`;
  try {
    await deps.mailer.send({
      to,
      subject: `Your certificate: ${certificate.title}`,
      text: [
        `Congratulations, ${certificate.recipientName}!`,
        "",
        `${certificateHeading(certificate.course, certificate.kind)}: ${certificate.title}`,
        `Certificate code: ${certificate.code}`,
        `Anyone can check it here: ${page}`,
        `Download the PDF: ${page.replace("/certificates/", "/api/certificates/")}/pdf`,
      ].join("\n"),
      html: layoutEmail(
        "Your certificate is ready",
        `<p>Congratulations, ${escapeHtml(certificate.recipientName)}!</p>
<p>${escapeHtml(certificateHeading(certificate.course, certificate.kind))}: <strong>${escapeHtml(certificate.title)}</strong></p>
<p>Certificate code: <code>${escapeHtml(certificate.code)}</code></p>
<p><a href="${escapeHtml(page)}">View and share your certificate</a></p>`,
      ),
    });
  } catch (err) {
    // The certificate exists and the dashboard shows it; a mail outage must not undo that.
    deps.log.error({ err, to }, "certificate e-mail failed");
  }
}
