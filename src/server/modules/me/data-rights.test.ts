import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { PublicCertificate } from "../../../shared/schemas/certificates.js";
import { buildBooking, buildCertificate, buildSlot, findUserId } from "../../test/builders.js";
import { pdfText } from "../../test/pdf.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as unique } from "../../test/unique-email.js";

let counter = 0;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A student with a profile, a resume, a paid mock interview in two days, a hold, a certificate and a message. */
async function studentWithHistory(t: TestApp) {
  const db = t.app.deps.db;
  const email = unique("aarav");
  const cookie = await t.signIn(email);
  const userId = await findUserId(db, email);
  const now = new Date().toISOString();
  await db
    .insertInto("profiles")
    .values({
      user_id: userId,
      first_name: "Aarav",
      last_name: "Sharma",
      qualification: "B.Tech",
      status: "completed",
      phone: "+919876500001",
      phone_verified_at: now,
      completed_at: now,
      updated_at: now,
      state: "29",
    })
    .execute();
  await db
    .insertInto("resumes")
    .values({ user_id: userId, url: "https://drive.example/aarav.pdf", updated_at: now })
    .execute();

  const slot = await buildSlot(db, { start_at: inHours(48), end_at: inHours(49) });
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
  );
  const order = json<{ bookingId: string; paymentId: string }>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
  );
  const paid = await t.request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie });
  expect(paid.statusCode).toBe(200);

  const soonSlot = await buildSlot(db, { start_at: inHours(5), end_at: inHours(6) });
  const soon = await buildBooking(db, { user_id: userId, target_id: soonSlot.id });
  const openSlot = await buildSlot(db);
  const held = await t.request({
    method: "POST",
    url: "/api/holds",
    cookie,
    payload: { kind: "mock", targetId: openSlot.id },
  });
  expect(held.statusCode).toBe(201);

  const code = `CP-ERAS-${String(++counter).padStart(4, "0")}-TEST-${t.dialect === "sqlite" ? "SQLT" : "PGSQ"}`;
  await buildCertificate(db, soon, { code, recipient_name: "Aarav Sharma", title: "Resume clinic" });
  const messageId = randomUUID();
  await db
    .insertInto("contact_messages")
    .values({
      id: messageId,
      name: "Aarav",
      email: email.toUpperCase(),
      subject: "Refund",
      message: "Where is my refund?",
      handled_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("contact_replies")
    .values({
      id: randomUUID(),
      message_id: messageId,
      author_email: "admin@example.com",
      body: "It reaches your bank this week.",
      created_at: now,
      sent_at: now,
    })
    .execute();
  return { email, cookie, userId, order, soon, code, openSlot, messageId };
}

/**
 * Erasure leaves the student's issued tax documents as they were issued, buyer included; only admins
 * reach them afterwards (docs/decisions/0305-issued-tax-documents-never-change.md).
 */
async function keepsIssuedDocuments(t: TestApp, types: [string, string]) {
  const db = t.app.deps.db;
  const { email, cookie, userId, order } = await studentWithHistory(t);
  const issued = () =>
    db.selectFrom("tax_documents").selectAll().where("buyer_user_id", "=", userId).orderBy("number").execute();
  const admin = await t.signInAdmin();
  const adminPdf = async (id: string) => {
    const res = await t.request({ url: `/api/admin/invoices/${id}/pdf`, cookie: admin });
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload);
  };
  const ownReceipt = `/api/me/bookings/${order.bookingId}/receipt.pdf`;
  expect((await t.request({ url: ownReceipt, cookie })).statusCode).toBe(200);
  const sale = (await issued())[0];
  if (!sale) throw new Error("no document was issued for the payment");
  const saleText = await adminPdf(sale.id);
  expect(saleText).toContain("Aarav Sharma");

  await t.request({ method: "DELETE", url: "/api/me", cookie, payload: { confirm: email } });
  const kept = await issued();
  // The erasure cancelled the paid booking: its refund document copies the sale's buyer, as issued.
  expect(kept.map((d) => d.type).sort()).toEqual(types);
  expect(kept.find((d) => d.id === sale.id)).toEqual(sale);
  for (const doc of kept) expect(doc).toMatchObject({ buyer_name: sale.buyer_name, buyer_email: email });
  expect(await adminPdf(sale.id)).toBe(saleText);

  // The erased student cannot sign in any more; the same address starts an account that sees none of them.
  expect((await t.request({ url: ownReceipt, cookie })).statusCode).toBe(401);
  const again = await t.signIn(email);
  expect((await t.request({ url: ownReceipt, cookie: again })).statusCode).toBe(404);
  const exported = json<{ invoices: unknown[] }>(await t.request({ url: "/api/me/export", cookie: again }));
  expect(exported.invoices).toEqual([]);
}

describeEachDialect("the student's data rights", (t) => {
  it("exports everything held about the student as a JSON download", async () => {
    expect((await t().request({ url: "/api/me/export" })).statusCode).toBe(401);
    const { email, cookie, order, code } = await studentWithHistory(t());
    const res = await t().request({ url: "/api/me/export", cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="careerprep-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    type Rows = Record<string, unknown>[];
    const data = json<{
      account: unknown;
      profile: unknown;
      resume: unknown;
      bookings: Rows;
      payments: Rows;
      invoices: Rows;
      certificates: Rows;
      contactMessages: Rows;
      contactReplies: Rows;
      holds: Rows;
      notifications: Rows;
    }>(res);
    expect(data.account).toMatchObject({ email, name: "" });
    expect(data.profile).toMatchObject({ first_name: "Aarav", last_name: "Sharma", phone: "+919876500001" });
    expect(data.resume).toMatchObject({ url: "https://drive.example/aarav.pdf" });
    expect(data.bookings.map((b) => b.id)).toContain(order.bookingId);
    expect(data.payments).toEqual([expect.objectContaining({ booking_id: order.bookingId, status: "paid" })]);
    expect(data.invoices).toHaveLength(1);
    expect(data.certificates).toEqual([expect.objectContaining({ code, recipient_name: "Aarav Sharma" })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: "Where is my refund?" })]);
    expect(data.contactReplies).toEqual([
      expect.objectContaining({ subject: "Refund", body: "It reaches your bank this week." }),
    ]);
    expect(data.holds).toHaveLength(1);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain("code_hash");
  });

  it("refuses a deletion whose confirmation is not the student's e-mail, and erases nothing", async () => {
    const { cookie, userId } = await studentWithHistory(t());
    const res = await t().request({
      method: "DELETE",
      url: "/api/me",
      cookie,
      payload: { confirm: "someone@else.com" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      error: { code: "VALIDATION", message: "Type your e-mail address exactly as shown to confirm.", field: "confirm" },
    });
    const profile = await t()
      .app.deps.db.selectFrom("profiles")
      .select("user_id")
      .where("user_id", "=", userId)
      .execute();
    expect(profile).toHaveLength(1);
  });

  it("deletes the account: seats back, refunds, names gone, certificates verifiable, signed out everywhere", async () => {
    const db = t().app.deps.db;
    const { email, cookie, userId, order, soon, code, openSlot, messageId } = await studentWithHistory(t());
    const otherDevice = await t().signIn(email);
    const res = await t().request({
      method: "DELETE",
      url: "/api/me",
      cookie,
      payload: { confirm: email.toUpperCase() },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");

    for (const session of [cookie, otherDevice]) {
      expect(json<{ user: unknown }>(await t().request({ url: "/api/me", cookie: session })).user).toBeNull();
    }
    const bookings = await db.selectFrom("bookings").select(["id", "status"]).where("user_id", "=", userId).execute();
    expect(bookings).toEqual(
      expect.arrayContaining([
        { id: order.bookingId, status: "cancelled" },
        // Inside 12 hours a student's own cancellation is closed: the seat stays booked, unrefunded.
        { id: soon.id, status: "confirmed" },
      ]),
    );
    const payment = await db
      .selectFrom("payments")
      .select("status")
      .where("id", "=", order.paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("refund_pending");
    const left = await Promise.all(
      (["profiles", "resumes", "holds", "hold_log", "notifications", "otp_codes"] as const).map((table) =>
        db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute(),
      ),
    );
    expect(left.flat()).toEqual([]);
    // The held seat is free again: another student can take it.
    const next = await t().signIn(unique("next"));
    const taken = await t().request({
      method: "POST",
      url: "/api/holds",
      cookie: next,
      payload: { kind: "mock", targetId: openSlot.id },
    });
    expect(taken.statusCode).toBe(201);
    const messages = await db
      .selectFrom("contact_messages")
      .select("id")
      .where("email", "=", email.toUpperCase())
      .execute();
    expect(messages).toEqual([]);
    const replies = await db.selectFrom("contact_replies").select("id").where("message_id", "=", messageId).execute();
    expect(replies).toEqual([]);

    const certificate = json<PublicCertificate>(await t().request({ url: `/api/certificates/${code}` }));
    expect(certificate).toMatchObject({
      status: "valid",
      recipientName: "",
      holderRemoved: true,
      title: "Resume clinic",
    });

    const again = await t().signIn(email);
    const fresh = json<{ user: { id: string } }>(await t().request({ url: "/api/me", cookie: again }));
    expect(fresh.user.id).not.toBe(userId);
    const exported = json<{ profile: unknown; bookings: unknown[] }>(
      await t().request({ url: "/api/me/export", cookie: again }),
    );
    expect(exported.profile).toBeUndefined();
    expect(exported.bookings).toEqual([]);
  });

  it("keeps issued receipts and refund receipts exactly as issued, for admins only", () =>
    keepsIssuedDocuments(t(), ["receipt", "refund_receipt"]));

  it("closes the student's unpaid checkouts in the erasing transaction and frees their seats", async () => {
    const db = t().app.deps.db;
    const email = unique("leaving");
    const cookie = await t().signIn(email);
    const slot = await buildSlot(db, { capacity: 1 });
    const hold = json<{ id: string }>(
      await t().request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
    );
    const order = json<{ bookingId: string; paymentId: string }>(
      await t().request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
    );
    const next = await t().signIn(unique("next"));
    const tryHold = () =>
      t().request({ method: "POST", url: "/api/holds", cookie: next, payload: { kind: "mock", targetId: slot.id } });
    expect((await tryHold()).statusCode).toBe(409);

    const erased = await t().request({ method: "DELETE", url: "/api/me", cookie, payload: { confirm: email } });
    expect(erased.statusCode).toBe(204);
    const booking = await db
      .selectFrom("bookings")
      .select(["status", "seat_expires_at"])
      .where("id", "=", order.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: "superseded", seat_expires_at: null });
    expect((await tryHold()).statusCode).toBe(201);
  });

  it("does not let an admin delete their account from the dashboard", async () => {
    const cookie = await t().signInAdmin(unique("admin"));
    const me = json<{ user: { email: string } }>(await t().request({ url: "/api/me", cookie }));
    const res = await t().request({ method: "DELETE", url: "/api/me", cookie, payload: { confirm: me.user.email } });
    expect(res.statusCode).toBe(403);
  });
});

describeEachDialect(
  "the student's data rights with a GSTIN",
  (t) => {
    it("keeps issued tax invoices and credit notes exactly as issued, for admins only", () =>
      keepsIssuedDocuments(t(), ["credit_note", "invoice"]));
  },
  {
    GSTIN: "29AABCC1234D1Z7",
    SUPPLIER_LEGAL_NAME: "CareerPrep Learning Private Limited",
    SUPPLIER_ADDRESS: "12 MG Road, Bengaluru 560001, Karnataka",
  },
);
