import { expect, it } from "vitest";
import { CERTIFICATE_MESSAGES, JOURNEY_MESSAGES } from "../../../shared/messages.js";
import { CERTIFICATE_CODE_PATTERN, type PublicCertificate } from "../../../shared/schemas/certificates.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildSlot,
  buildWorkshop,
  findUserId,
} from "../../test/builders.js";
import { pdfInfo } from "../../test/pdf.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { newCertificateCode } from "./service.js";

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

it("makes certificate codes in the documented format, without repeats", () => {
  const codes = Array.from({ length: 2000 }, newCertificateCode);
  expect(codes.every((c) => CERTIFICATE_CODE_PATTERN.test(c))).toBe(true);
  expect(new Set(codes).size).toBe(codes.length);
});

describeEachDialect("certificates", (t) => {
  async function attendedWorkshop(email: string, startInHours = -3) {
    const { db } = t().app.deps;
    const cookie = await t().signIn(email);
    const userId = await findUserId(db, email);
    const workshop = await buildWorkshop(db, {
      title: "System design basics",
      level: "Beginner",
      start_at: hoursFromNow(startInHours),
      end_at: hoursFromNow(startInHours + 2),
    });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: workshop.id,
      kind: "workshop",
      package_key: "ws_systemdesign",
    });
    return { cookie, userId, booking };
  }
  const issue = (bookingId: string, cookie: string) =>
    t().request({ method: "POST", url: `/api/admin/bookings/${bookingId}/certificate`, cookie });

  it("issues a workshop certificate once, which anyone can check by its code and download as a PDF", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const { booking, cookie, userId } = await attendedWorkshop("certified@example.com");
    await db
      .insertInto("profiles")
      .values({
        user_id: userId,
        first_name: "Aarav",
        last_name: "Sharma",
        qualification: "B.Tech",
        status: "completed",
        phone: "+919812345678",
        phone_verified_at: null,
        completed_at: null,
        updated_at: new Date().toISOString(),
      })
      .execute();

    const first = json<{ certificate: PublicCertificate; created: boolean }>(await issue(booking.id, admin));
    expect(first.created).toBe(true);
    expect(first.certificate).toMatchObject({
      recipientName: "Aarav Sharma",
      title: "System design basics (Beginner)",
      course: "workshop",
      kind: "attendance",
      status: "valid",
    });
    expect(first.certificate.code).toMatch(CERTIFICATE_CODE_PATTERN);
    const again = json<{ certificate: PublicCertificate; created: boolean }>(await issue(booking.id, admin));
    expect(again).toEqual({ certificate: first.certificate, created: false });

    const code = first.certificate.code;
    const publicView = await t().request({ url: `/api/certificates/${code}` });
    expect(json(publicView)).toEqual(first.certificate);
    expect(json(await t().request({ url: `/api/certificates/${code.toLowerCase()}` }))).toEqual(first.certificate);

    const pdf = await t().request({ url: `/api/certificates/${code}/pdf` });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="certificate-${code}.pdf"`);
    const info = pdfInfo(pdf.rawPayload);
    expect(Number(info.Pages)).toBe(1);
    expect(info.Subject).toBe(`Certificate ${code} issued to Aarav Sharma`);

    const status = await db
      .selectFrom("bookings")
      .select(["status", "attendance"])
      .where("id", "=", booking.id)
      .executeTakeFirst();
    expect(status).toEqual({ status: "completed", attendance: "attended" });
    const { items } = json<{ items: { type: string; link: string }[] }>(
      await t().request({ url: "/api/notifications", cookie }),
    );
    expect(items[0]).toMatchObject({ type: "certificate_issued", link: `/certificates/${code}` });
  });

  it("answers an unknown code with 404 and a clear message", async () => {
    const res = await t().request({ url: "/api/certificates/CP-0000-0000-0000-0000" });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ error: { code: "NOT_FOUND", message: CERTIFICATE_MESSAGES.notFound } });
    expect((await t().request({ url: "/api/certificates/CP-0000-0000-0000-0000/pdf" })).statusCode).toBe(404);
  });

  it("shows a revoked certificate as revoked and stops its PDF", async () => {
    const admin = await t().signInAdmin();
    const { booking, userId } = await attendedWorkshop("revoked@example.com");
    await buildCompletedProfile(t().app.deps.db, userId);
    const { certificate } = json<{ certificate: PublicCertificate }>(await issue(booking.id, admin));
    const revoked = await t().request({
      method: "POST",
      url: `/api/admin/certificates/${certificate.code}/revoke`,
      cookie: admin,
    });
    expect(json(revoked)).toMatchObject({ status: "revoked", revokedAt: expect.any(String) });
    expect(json(await t().request({ url: `/api/certificates/${certificate.code}` }))).toMatchObject({
      status: "revoked",
    });
    const pdf = await t().request({ url: `/api/certificates/${certificate.code}/pdf` });
    expect(json(pdf)).toEqual({ error: { code: "NOT_FOUND", message: CERTIFICATE_MESSAGES.revoked } });
    const audit = await t()
      .app.deps.db.selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "certificate")
      .where("entity_id", "=", certificate.code)
      .orderBy("created_at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["issue", "revoke"]);
  });

  it("issues an internship completion certificate under the internship's title", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("intern@example.com");
    const userId = await findUserId(db, "intern@example.com");
    const internship = await buildInternship(db, { title: "Backend Engineering Internship", start_date: "2026-01-05" });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: internship.id,
      kind: "internship",
      package_key: "int_backend",
    });
    // A name before anything official: the e-mail's user part ("intern") is not a name.
    const refused = await issue(booking.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(refused).error.message).toBe(JOURNEY_MESSAGES.certificateNeedsName);
    await buildCompletedProfile(db, userId, { first_name: "Ira", last_name: "Shah" });
    const { certificate } = json<{ certificate: PublicCertificate }>(await issue(booking.id, admin));
    expect(certificate).toMatchObject({
      course: "internship",
      kind: "completion",
      title: "Backend Engineering Internship",
      recipientName: "Ira Shah",
    });
  });

  it("issues an internship certificate only once the batch has run all its weeks", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    await t().signIn("running-intern@example.com");
    const userId = await findUserId(db, "running-intern@example.com");
    await buildCompletedProfile(db, userId);
    const started = new Date(Date.now() - 3 * 24 * HOUR).toISOString().slice(0, 10);
    const running = await buildInternship(db, { start_date: started, weeks: 2 });
    const booking = await buildBooking(db, {
      user_id: userId,
      target_id: running.id,
      kind: "internship",
      package_key: "int_frontend",
    });
    const refused = await issue(booking.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(refused).error.message).toMatch(
      /^This internship batch ends on \w{3}, \d{1,2} \w{3}; its certificates can be issued from then\.$/,
    );
    await db.updateTable("internships").set({ weeks: 0 }).where("id", "=", running.id).execute();
    expect((await issue(booking.id, admin)).statusCode).toBe(200);
  });

  it("refuses mocks, sessions not yet held, cancelled bookings and non-admins", async () => {
    const { db } = t().app.deps;
    const admin = await t().signInAdmin();
    const future = await attendedWorkshop("too-early@example.com", 5);
    expect(json(await issue(future.booking.id, admin))).toMatchObject({
      error: { code: "CONFLICT", message: CERTIFICATE_MESSAGES.notStarted },
    });

    const slot = await buildSlot(db, { start_at: hoursFromNow(-2), end_at: hoursFromNow(-1) });
    const mock = await buildBooking(db, { user_id: future.userId, target_id: slot.id });
    expect(json(await issue(mock.id, admin))).toMatchObject({
      error: { message: CERTIFICATE_MESSAGES.kindNotCertified },
    });

    const cancelled = await attendedWorkshop("cancelled-ws@example.com");
    await db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", cancelled.booking.id).execute();
    expect(json(await issue(cancelled.booking.id, admin))).toMatchObject({
      error: { message: CERTIFICATE_MESSAGES.notEligible },
    });

    expect((await issue(cancelled.booking.id, cancelled.cookie)).statusCode).toBe(403);
    expect((await issue(cancelled.booking.id, "")).statusCode).toBe(401);
  });
});
