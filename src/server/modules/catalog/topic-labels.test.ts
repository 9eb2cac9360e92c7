import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { AdminBookingDto } from "../../../shared/schemas/admin.js";
import type { DashboardSession } from "../../../shared/schemas/dashboard.js";
import type { TaxDocumentDto } from "../../../shared/schemas/invoices.js";
import { zonedDate } from "../../../shared/time.js";
import { buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Checkout = { bookingId: string; paymentId: string };
type DevCheckout = { summary: { what: string } | null };
const today = () => zonedDate(new Date(), "Asia/Kolkata");

/** A student holds a seat of the workshop, sees the checkout's words, and pays in test mode. */
async function buyWorkshop(t: TestApp, workshopId: string): Promise<Checkout & { cookie: string; what?: string }> {
  const cookie = await t.signIn(`labels-${randomUUID().slice(0, 8)}@example.com`);
  const hold = json<{ id: string }>(
    await t.request({ method: "POST", url: "/api/holds", cookie, payload: { kind: "workshop", targetId: workshopId } }),
  );
  const order = json<Checkout>(
    await t.request({ method: "POST", url: "/api/checkout", cookie, payload: { holdId: hold.id } }),
  );
  const page = json<DevCheckout>(await t.request({ url: `/api/payments/dev/${order.paymentId}`, cookie }));
  const paid = await t.request({ method: "POST", url: `/api/payments/dev/${order.paymentId}/pay`, cookie });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return { ...order, cookie, what: page.summary?.what };
}

const dashboardSession = async (t: TestApp, cookie: string, bookingId: string) =>
  json<{ sessions: DashboardSession[] }>(await t.request({ url: "/api/dashboard", cookie })).sessions.find(
    (s) => s.bookingId === bookingId,
  );

const adminBooking = async (t: TestApp, admin: string, bookingId: string) =>
  json<{ bookings: AdminBookingDto[] }>(
    await t.request({ url: "/api/admin/bookings?kind=workshop&limit=100", cookie: admin }),
  ).bookings.find((b) => b.id === bookingId);

const invoiceOf = async (t: TestApp, admin: string, bookingId: string) =>
  json<{ documents: TaxDocumentDto[] }>(
    await t.request({ url: `/api/admin/invoices?from=${today()}&to=${today()}&limit=100`, cookie: admin }),
  ).documents.find((d) => d.bookingId === bookingId);

describeEachDialect("a topic's name as the admin keeps it, on every screen that names a booking", (t) => {
  it("an added topic is named by its label, a rename shows on the next read, and issued invoices keep their words", async () => {
    const admin = await t().signInAdmin(`labels-admin-${randomUUID().slice(0, 8)}@example.com`);
    const added = await t().request({
      method: "POST",
      url: "/api/admin/topics",
      cookie: admin,
      payload: { kind: "workshop", label: "Cloud workshop", priceRupees: 1099, available: true },
    });
    expect(added.statusCode).toBe(201);
    const workshop = await buildWorkshop(t().app.deps.db, { topic_key: "ws_cloud_workshop", title: "Cloud basics" });

    const first = await buyWorkshop(t(), workshop.id);
    expect(first.what).toBe("Cloud workshop · Cloud basics (Intermediate)");
    expect(await dashboardSession(t(), first.cookie, first.bookingId)).toMatchObject({
      packageLabel: "Cloud workshop",
      title: "Cloud basics",
    });
    const confirmation = await t().request({
      url: `/api/me/bookings/${first.bookingId}/confirmation`,
      cookie: first.cookie,
    });
    expect(json<{ session: DashboardSession }>(confirmation).session.packageLabel).toBe("Cloud workshop");
    expect(await adminBooking(t(), admin, first.bookingId)).toMatchObject({ packageLabel: "Cloud workshop" });
    expect((await invoiceOf(t(), admin, first.bookingId))?.description).toBe("Live online workshop: Cloud workshop");

    const renamed = await t().request({
      method: "PUT",
      url: "/api/admin/topics/ws_cloud_workshop",
      cookie: admin,
      payload: { label: "Cloud engineering workshop" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await dashboardSession(t(), first.cookie, first.bookingId)).toMatchObject({
      packageLabel: "Cloud engineering workshop",
    });
    expect(await adminBooking(t(), admin, first.bookingId)).toMatchObject({
      packageLabel: "Cloud engineering workshop",
    });
    // An issued document never changes; the next one takes the current name.
    expect((await invoiceOf(t(), admin, first.bookingId))?.description).toBe("Live online workshop: Cloud workshop");
    const second = await buyWorkshop(t(), workshop.id);
    expect(second.what).toBe("Cloud engineering workshop · Cloud basics (Intermediate)");
    expect((await invoiceOf(t(), admin, second.bookingId))?.description).toBe(
      "Live online workshop: Cloud engineering workshop",
    );
  });

  it("a built-in package keeps its built-in name where the catalog has no label for it", async () => {
    const admin = await t().signInAdmin(`labels-admin-${randomUUID().slice(0, 8)}@example.com`);
    const workshop = await buildWorkshop(t().app.deps.db, { topic_key: "ws_dsa", title: "Graphs" });
    await t().app.deps.db.updateTable("catalog_items").set({ label: null }).where("key", "=", "ws_dsa").execute();
    const order = await buyWorkshop(t(), workshop.id);
    expect(await dashboardSession(t(), order.cookie, order.bookingId)).toMatchObject({ packageLabel: "DSA workshop" });
    expect((await invoiceOf(t(), admin, order.bookingId))?.description).toBe("Live online workshop: DSA workshop");
  });
});
