import { gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import type { TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import { MONEY_SETTLED_AFTER_MS } from "../../db/settled-days.js";
import { buildSlot, findUserId } from "../../test/builders.js";
import { pdfText } from "../../test/pdf.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";

type Checkout = { bookingId: string; paymentId: string };

const SUPPLIER = {
  GSTIN: "29AABCC1234D1Z7",
  SUPPLIER_LEGAL_NAME: "CareerPrep Learning Private Limited",
  SUPPLIER_ADDRESS: "12 MG Road, Bengaluru 560001, Karnataka",
};

let counter = 0;
const ZONE = "Asia/Kolkata";
const today = () => zonedDate(new Date(), ZONE);

async function student(t: TestApp, state: string | null, name = { first: "Aarav", last: "Sharma" }) {
  const address = email("buyer");
  const cookie = await t.signIn(address);
  const userId = await findUserId(t.app.deps.db, address);
  await t.app.deps.db
    .insertInto("profiles")
    .values({
      user_id: userId,
      first_name: name.first,
      last_name: name.last,
      qualification: "B.Tech",
      status: "completed",
      phone: `+9198${String(++counter).padStart(8, "0")}`,
      phone_verified_at: null,
      completed_at: null,
      updated_at: new Date().toISOString(),
      state,
    })
    .execute();
  return { cookie, address };
}

async function buyMock(t: TestApp, cookie: string, coupon?: string): Promise<Checkout> {
  const slot = await buildSlot(t.app.deps.db);
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "mock", targetId: slot.id } }),
  );
  const order = json<Checkout>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id, coupon } }),
  );
  const paid = await t.request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return order;
}

async function documents(t: TestApp, admin: string): Promise<TaxDocumentDto[]> {
  const res = await t.request({ url: `/api/admin/invoices?from=${today()}&to=${today()}&limit=100`, cookie: admin });
  return json<{ documents: TaxDocumentDto[] }>(res).documents;
}

const receipt = (t: TestApp, cookie: string, bookingId: string) =>
  t.request({ url: `/api/me/bookings/${bookingId}/receipt.pdf`, cookie });

describeEachDialect(
  "tax invoices",
  (t) => {
    it("a payment from the supplier's state gets a tax invoice with CGST and SGST, readable in the PDF", async () => {
      const admin = await t().signInAdmin();
      const buyer = await student(t(), "29");
      const order = await buyMock(t(), buyer.cookie);

      const res = await receipt(t(), buyer.cookie, order.bookingId);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const text = pdfText(res.rawPayload);
      // GST rule 46: a serial of at most 16 characters.
      const number = text.match(/CP\/(\d{2}-\d{2})\/(\d{5})/);
      expect(number?.[1]).toMatch(/^\d\d-\d\d$/);
      expect(number?.[0].length).toBeLessThanOrEqual(16);
      for (const expected of [
        "Tax Invoice",
        "CareerPrep Learning Private Limited",
        "12 MG Road",
        "GSTIN: 29AABCC1234D1Z7",
        "Aarav Sharma",
        "State: Karnataka (29)",
        "Place of supply: Karnataka (29)",
        "Mock interview, Service-based plan",
        "999293",
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/Taxable value\s+INR 1,016\.94/);
      expect(text).toMatch(/CGST @ 9%\s+INR 91\.53/);
      expect(text).toMatch(/SGST @ 9%\s+INR 91\.53/);
      expect(text).toMatch(/Total paid\s+INR 1,200\.00/);
      expect(text).not.toContain("IGST");

      const [doc] = (await documents(t(), admin)).filter((d) => d.bookingId === order.bookingId);
      expect(doc).toMatchObject({ type: "invoice", placeOfSupply: "29", taxablePaise: 101_694, cgstPaise: 9_153 });

      // The confirmation mail carries the invoice.
      const mail = await t()
        .app.deps.db.selectFrom("outbox_messages")
        .select(["attachments", "text"])
        .where("to_address", "=", buyer.address)
        .where("subject", "like", "Booking confirmed%")
        .executeTakeFirstOrThrow();
      const attached = JSON.parse(mail.attachments ?? "[]") as { filename: string; content: string }[];
      const pdf = attached.find((a) => a.filename.endsWith(".pdf"));
      expect(pdf?.filename).toBe(`${doc?.number.replaceAll("/", "-")}.pdf`);
      expect(mail.text).toContain("your tax invoice is attached");
      expect(pdfText(Buffer.from(pdf?.content ?? "", "base64"))).toContain(doc?.number);
    });

    it("a student from another state pays IGST; one without a state is billed in the supplier's state", async () => {
      const admin = await t().signInAdmin();
      const maharashtra = await student(t(), "27", { first: "Isha", last: "Patil" });
      const other = await buyMock(t(), maharashtra.cookie);
      const text = pdfText((await receipt(t(), maharashtra.cookie, other.bookingId)).rawPayload);
      expect(text).toContain("Place of supply: Maharashtra (27)");
      expect(text).toMatch(/IGST @ 18%\s+INR 183\.05/);
      expect(text).toMatch(/Taxable value\s+INR 1,016\.95/);
      expect(text).not.toContain("CGST");

      const unknown = await student(t(), null, { first: "Kabir", last: "Rao" });
      const local = await buyMock(t(), unknown.cookie);
      const docs = await documents(t(), admin);
      expect(docs.find((d) => d.bookingId === local.bookingId)).toMatchObject({ placeOfSupply: "29", igstPaise: 0 });
    });

    it("numbers invoices from one gap-free series even when payments confirm at the same moment", async () => {
      const admin = await t().signInAdmin();
      const buyers = await Promise.all(Array.from({ length: 8 }, () => student(t(), "29")));
      const orders = await Promise.all(
        buyers.map(async (b) => {
          const slot = await buildSlot(t().app.deps.db);
          const hold = json<{ id: string }>(
            await t().request({
              method: "POST",
              url: "/api/holds",
              cookie: b.cookie,
              payload: { kind: "mock", targetId: slot.id },
            }),
          );
          return json<Checkout>(
            await t().request({ method: "POST", url: "/api/checkout", cookie: b.cookie, payload: { holdId: hold.id } }),
          );
        }),
      );
      await Promise.all(
        orders.map((o, i) =>
          t().request({ method: "POST", url: `/api/payments/dev/${o.paymentId}/pay`, cookie: buyers[i]?.cookie }),
        ),
      );
      const numbers = (await documents(t(), admin))
        .filter((d) => d.type === "invoice")
        .map((d) => Number(d.number.split("/").at(-1)))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(8);
    });

    it("a cancelled booking gets a credit note against its invoice, listed and exported for the accountant", async () => {
      const admin = await t().signInAdmin();
      const buyer = await student(t(), "29", { first: "Meera", last: "Nair" });
      const order = await buyMock(t(), buyer.cookie);
      await t().request({
        method: "POST",
        url: `/api/admin/bookings/${order.bookingId}/cancel`,
        cookie: admin,
        payload: { reason: "Interviewer unwell" },
      });
      const docs = (await documents(t(), admin)).filter((d) => d.bookingId === order.bookingId);
      const invoice = docs.find((d) => d.type === "invoice");
      const note = docs.find((d) => d.type === "credit_note");
      expect(note).toMatchObject({ originalNumber: invoice?.number, totalPaise: 120_000, cgstPaise: 9_153 });
      expect(note?.number).toMatch(/^CPCN\/\d{2}-\d{2}\/\d{5}$/);

      const pdf = await t().request({ url: `/api/admin/invoices/${note?.id}/pdf`, cookie: admin });
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain("Credit Note");
      expect(text).toContain(`Against tax invoice ${invoice?.number}`);
      expect(text).toMatch(/Total refunded\s+INR 1,200\.00/);

      const csv = await t().request({ url: `/api/admin/invoices.csv?from=${today()}&to=${today()}`, cookie: admin });
      expect(csv.headers["content-type"]).toContain("text/csv");
      const lines = csv.body.trim().split("\r\n");
      expect(lines[0]).toBe(
        "Type,Number,Date,Against,Buyer,Email,Place of supply,Description,SAC,Taxable value,CGST,SGST,IGST,Total",
      );
      expect(lines).toContain(
        `Credit note,${note?.number},${today()},${invoice?.number},Meera Nair,${buyer.address},29,"Mock interview, Service-based plan",999293,-1016.94,-91.53,-91.53,0.00,-1200.00`,
      );
    });

    it("the CSV keeps a settled day's lines once and reads today's from the documents, in the accountant's order", async () => {
      const admin = await t().signInAdmin();
      const { db } = t().app.deps;
      const buyer = await student(t(), "29");
      const older = await buyMock(t(), buyer.cookie);
      const tenDaysAgo = addDays(today(), -10);
      await db
        .updateTable("tax_documents")
        .set({ issued_at: `${tenDaysAgo}T06:00:00.000Z` })
        .where("booking_id", "=", older.bookingId)
        .execute();
      const recent = await buyMock(t(), buyer.cookie);
      const numberOf = async (bookingId: string) =>
        (
          await db
            .selectFrom("tax_documents")
            .select("number")
            .where("booking_id", "=", bookingId)
            .executeTakeFirstOrThrow()
        ).number;
      const url = `/api/admin/invoices.csv?from=${addDays(today(), -12)}&to=${today()}`;
      const readAt = Date.now();
      const first = await t().request({ url, cookie: admin });
      expect(first.statusCode).toBe(200);
      const lines = first.body.trim().split("\r\n");
      const olderAt = lines.findIndex((line) => line.includes(`,${tenDaysAgo},`));
      expect(lines[olderAt]).toContain(await numberOf(older.bookingId));
      const recentNumber = await numberOf(recent.bookingId);
      expect(lines.findIndex((line) => line.includes(`,${recentNumber},`))).toBeGreaterThan(olderAt);

      const kept = await db
        .selectFrom("invoice_csv_days")
        .select(["day", "documents"])
        .where("day", "=", tenDaysAgo)
        .execute();
      expect(kept.map((k) => k.documents)).toEqual([1]);
      // Today's lines are never kept; yesterday's are from an hour after midnight (platform zone).
      const yesterdayKept = readAt - MONEY_SETTLED_AFTER_MS >= zonedToInstant(today(), "00:00", ZONE).getTime();
      expect(
        (await db.selectFrom("invoice_csv_days").select("day").where("day", ">", addDays(today(), -2)).execute()).map(
          (r) => r.day,
        ),
      ).toEqual(yesterdayKept ? [addDays(today(), -1)] : []);
      expect((await t().request({ url, cookie: admin })).body).toBe(first.body);
      // A client that takes gzip gets the kept days as they are kept, in one gzip stream.
      const packed = await t().request({ url, cookie: admin, headers: { "accept-encoding": "gzip, br" } });
      expect(packed.headers["content-encoding"]).toBe("gzip");
      expect(packed.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(first.body));
      expect(gunzipSync(packed.rawPayload).toString("utf8")).toBe(first.body);
    });

    it("lists a period's documents a page at a time in the accountant's order, and refuses a cursor not ours", async () => {
      const admin = await t().signInAdmin();
      const buyer = await student(t(), "29");
      for (let i = 0; i < 2; i++) await buyMock(t(), buyer.cookie);
      const all = await documents(t(), admin);
      const url = `/api/admin/invoices?from=${today()}&to=${today()}&limit=1`;
      const seen: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const res = await t().request({ url: cursor ? `${url}&cursor=${cursor}` : url, cookie: admin });
        const page = json<{ documents: TaxDocumentDto[]; nextCursor: string | null }>(res);
        expect(page.documents.length).toBeLessThanOrEqual(1);
        seen.push(...page.documents.map((d) => d.number));
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(all.map((d) => d.number));
      const bad = await t().request({ url: `${url}&cursor=not-ours`, cookie: admin });
      expect(bad.statusCode).toBe(400);
      expect(json<{ error: { field?: string } }>(bad).error.field).toBe("cursor");
    }, 90_000);

    it("a coupon's discount is shown and the tax is on the discounted price", async () => {
      const admin = await t().signInAdmin();
      await t().request({
        method: "POST",
        url: "/api/admin/coupons",
        cookie: admin,
        payload: { code: `INV${Date.now()}`, amountOffPaise: 20_000 },
      });
      const { coupons } = json<{ coupons: { code: string }[] }>(
        await t().request({ url: "/api/admin/coupons", cookie: admin }),
      );
      const buyer = await student(t(), "27");
      const order = await buyMock(t(), buyer.cookie, coupons[0]?.code);
      const text = pdfText((await receipt(t(), buyer.cookie, order.bookingId)).rawPayload);
      expect(text).toMatch(/Discount \(coupon\)\s+- INR 200\.00/);
      expect(text).toMatch(/IGST @ 18%\s+INR 152\.54/);
      expect(text).toMatch(/Total paid\s+INR 1,000\.00/);
    });

    it("only the student who paid downloads the receipt, and the admin routes are for admins", async () => {
      const buyer = await student(t(), "29");
      const order = await buyMock(t(), buyer.cookie);
      // The dashboard links the paid session to its invoice.
      const { sessions } = json<{ sessions: { bookingId: string; receiptUrl: string | null }[] }>(
        await t().request({ url: "/api/dashboard", cookie: buyer.cookie }),
      );
      expect(sessions.find((s) => s.bookingId === order.bookingId)?.receiptUrl).toBe(
        `/api/me/bookings/${order.bookingId}/receipt.pdf`,
      );
      const stranger = await student(t(), "29");
      expect((await receipt(t(), stranger.cookie, order.bookingId)).statusCode).toBe(404);
      expect((await receipt(t(), "", order.bookingId)).statusCode).toBe(401);
      expect((await receipt(t(), buyer.cookie, "no-such-booking")).statusCode).toBe(404);
      expect(
        (await t().request({ url: `/api/admin/invoices?from=${today()}&to=${today()}`, cookie: buyer.cookie }))
          .statusCode,
      ).toBe(403);
      const admin = await t().signInAdmin();
      const bad = await t().request({ url: "/api/admin/invoices?from=2026-05-01&to=2026-04-01", cookie: admin });
      expect(bad.statusCode).toBe(400);
      expect((await t().request({ url: "/api/admin/invoices.csv?from=soon&to=later", cookie: admin })).statusCode).toBe(
        400,
      );
    });
  },
  SUPPLIER,
);

describeEachDialect("payment receipts without a GSTIN", (t) => {
  it("issues a plain payment receipt, never a tax invoice", async () => {
    const buyer = await student(t(), "29");
    const order = await buyMock(t(), buyer.cookie);
    const text = pdfText((await receipt(t(), buyer.cookie, order.bookingId)).rawPayload);
    expect(text).toContain("Payment Receipt");
    expect(text).toMatch(/CPR\/\d{2}-\d{2}\/00001/);
    expect(text).toContain("not a tax invoice");
    expect(text).not.toMatch(/Tax Invoice|GSTIN|CGST|IGST|Taxable value/);
    expect(text).toMatch(/Total paid\s+INR 1,200\.00/);
    expect(text).toMatch(/Payment method\s+Test-mode payment/);
    const [listed] = (await documents(t(), await t().signInAdmin())).filter((d) => d.bookingId === order.bookingId);
    expect(listed).toMatchObject({
      paymentMethod: "Test-mode payment",
      transactionRef: expect.stringMatching(/^pay_/),
    });
    expect(text).toMatch(new RegExp(`Transaction reference\\s+${listed?.transactionRef}`));

    // The confirmation mail names what it carries: a receipt, not an invoice.
    const mail = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .select("text")
      .where("to_address", "=", buyer.address)
      .where("subject", "like", "Booking confirmed%")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("your payment receipt is attached");
    expect(mail.text).not.toMatch(/invoice/i);
  });

  it("a receipt issued before the profile step gives the e-mail once and no stand-in name", async () => {
    const address = email("no-profile");
    const cookie = await t().signIn(address);
    const order = await buyMock(t(), cookie);
    const text = pdfText((await receipt(t(), cookie, order.bookingId)).rawPayload);
    expect(text.split(address).length - 1).toBe(1);
  });
});

const sent: string[] = [];
describeEachDialect(
  "the invoices CSV's kept days",
  (t) => {
    it("are read a month at a time, in the order of their days, with today's lines built as before", async () => {
      const admin = await t().signInAdmin();
      const { db } = t().app.deps;
      const buyer = await student(t(), "29");
      // Documents 65, 40 and 5 days ago: one in each run of 31 days the 70 days below are read in.
      const days = [65, 40, 5].map((back) => addDays(today(), -back));
      for (const day of days) {
        const order = await buyMock(t(), buyer.cookie);
        await db
          .updateTable("tax_documents")
          .set({ issued_at: `${day}T06:00:00.000Z` })
          .where("booking_id", "=", order.bookingId)
          .execute();
      }
      const todays = await buyMock(t(), buyer.cookie);
      const url = `/api/admin/invoices.csv?from=${addDays(today(), -69)}&to=${today()}`;
      const first = await t().request({ url, cookie: admin });
      expect(first.statusCode).toBe(200);

      sent.length = 0;
      const again = await t().request({ url, cookie: admin });
      expect(again.body).toBe(first.body);
      const lines = again.body.trim().split("\r\n");
      const placeOf = (text: string) => lines.findIndex((line) => line.includes(text));
      const places = days.map((day) => placeOf(`,${day},`));
      expect(places.every((place) => place > 0)).toBe(true);
      expect([...places].sort((a, b) => a - b)).toEqual(places);
      const todaysNumber = (
        await db
          .selectFrom("tax_documents")
          .select("number")
          .where("booking_id", "=", todays.bookingId)
          .executeTakeFirstOrThrow()
      ).number;
      expect(placeOf(`,${todaysNumber},`)).toBeGreaterThan(places[2] ?? lines.length);
      // 68 or 69 kept days (yesterday's from an hour after midnight): three reads, not one per day.
      const keptReads = sent.filter((sql) => /from "invoice_csv_days"/.test(sql));
      expect(keptReads).toHaveLength(3);
    });
  },
  SUPPLIER,
  { onQuery: (sql) => sent.push(sql) },
);
