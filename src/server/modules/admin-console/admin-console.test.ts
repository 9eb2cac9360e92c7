import { expect, it } from "vitest";
import { zonedDate } from "../../../shared/time.js";
import { buildBooking, buildInterviewer, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type ApiError = { error: { code: string; message: string; details?: { name: string; email: string; phone: string } } };
const IST = "Asia/Kolkata";
const today = () => zonedDate(new Date(), IST);
const inDays = (n: number) => zonedDate(new Date(Date.now() + n * 86_400_000), IST);

const interviewer = (overrides: Record<string, unknown> = {}) => ({
  name: "  Divya Nair ",
  email: "Divya@Example.com",
  phone: `+91 98${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, "0")}`,
  qualification: "SDE III",
  reviewedBy: "Panel",
  companyTypes: ["product", "maang"],
  ...overrides,
});

async function admin(t: TestApp) {
  return t.signInAdmin(`admin-${Math.random().toString(36).slice(2, 8)}@example.com`);
}

describeEachDialect("admin console: interviewers", (t) => {
  it("checks each field in the spec's order with its exact message, on trimmed values", async () => {
    const cookie = await admin(t());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   " }, "Name and email are required."],
      [{ email: "" }, "Name and email are required."],
      [{ phone: " " }, "Phone number is required."],
      [{ qualification: "" }, "Qualification is required."],
      [{ reviewedBy: " " }, "Reviewed By is required."],
      [{ companyTypes: [] }, "Select at least one company type."],
    ];
    for (const [change, message] of cases) {
      const res = await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie,
        payload: interviewer(change),
      });
      expect(res.statusCode).toBe(400);
      expect(json<ApiError>(res).error.message).toBe(message);
    }
    const created = await t().request({
      method: "POST",
      url: "/api/admin/interviewers",
      cookie,
      payload: interviewer(),
    });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({ name: "Divya Nair", email: "divya@example.com", active: true });
  });

  it("shows who has a phone already and overwrites them only when confirmed", async () => {
    const cookie = await admin(t());
    const first = interviewer({ name: "Original", phone: "+91 90000 11111" });
    await t().request({ method: "POST", url: "/api/admin/interviewers", cookie, payload: first });
    const clash = await t().request({
      method: "POST",
      url: "/api/admin/interviewers",
      cookie,
      payload: interviewer({ name: "Newcomer", phone: "+91-9000011111" }),
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ApiError>(clash).error).toMatchObject({
      code: "DUPLICATE_PHONE",
      details: { name: "Original", phone: "+91 90000 11111" },
    });
    const overwritten = await t().request({
      method: "POST",
      url: "/api/admin/interviewers",
      cookie,
      payload: interviewer({ name: "Newcomer", phone: "+91-9000011111", overwrite: true }),
    });
    expect(json(overwritten)).toMatchObject({ name: "Newcomer" });
    const { interviewers } = json<{ interviewers: { phone: string; name: string }[] }>(
      await t().request({ url: "/api/admin/interviewers", cookie }),
    );
    expect(interviewers.filter((i) => i.phone.replace(/\D/g, "") === "919000011111")).toHaveLength(1);
  });

  it("two admins adding one phone at the same moment create one interviewer", async () => {
    const cookie = await admin(t());
    const phone = "+91 91111 22222";
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        t().request({
          method: "POST",
          url: "/api/admin/interviewers",
          cookie,
          payload: interviewer({ name: `Racer ${n}`, phone }),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const rows = await t()
      .app.deps.db.selectFrom("interviewers")
      .select("id")
      .where("phone_key", "=", "919111122222")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("toggles Active/Inactive, lists by name, and audits every change", async () => {
    const cookie = await admin(t());
    const created = json<{ id: string }>(
      await t().request({
        method: "POST",
        url: "/api/admin/interviewers",
        cookie,
        payload: interviewer({ name: "Aaron First" }),
      }),
    );
    const toggled = await t().request({ method: "POST", url: `/api/admin/interviewers/${created.id}/toggle`, cookie });
    expect(json(toggled)).toMatchObject({ active: false });
    const { interviewers } = json<{ interviewers: { name: string }[] }>(
      await t().request({ url: "/api/admin/interviewers", cookie }),
    );
    expect(interviewers.map((i) => i.name)).toEqual(
      [...interviewers.map((i) => i.name)].sort((a, b) => a.localeCompare(b)),
    );
    const { entries } = json<{ entries: { action: string; entityId: string; before: unknown; after: unknown }[] }>(
      await t().request({ url: "/api/admin/audit?entity=interviewer", cookie }),
    );
    expect(entries.find((e) => e.entityId === created.id && e.action === "toggle")).toMatchObject({
      before: { active: true },
      after: { active: false },
    });
    expect(
      (await t().request({ method: "DELETE", url: `/api/admin/interviewers/${created.id}`, cookie })).statusCode,
    ).toBe(204);
  });
});

describeEachDialect("admin console: slots", (t) => {
  it("applies the spec's slot rules in order, with their exact messages", async () => {
    const cookie = await admin(t());
    const person = await buildInterviewer(t().app.deps.db, { company_types: '["service","product"]' });
    const noTypes = await buildInterviewer(t().app.deps.db, { company_types: "[]" });
    const slot = (change: Record<string, unknown>) => ({
      interviewerId: person.id,
      date: inDays(2),
      start: "19:00",
      end: "19:45",
      capacity: 2.7,
      ...change,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ interviewerId: "" }, "Please select an interviewer."],
      [{ date: "" }, "Please fill date & times, and ensure the selected interviewer has at least one company type."],
      [
        { interviewerId: noTypes.id },
        "Please fill date & times, and ensure the selected interviewer has at least one company type.",
      ],
      [{ date: inDays(-1) }, "Cannot create a slot in the past. Pick today or a future date."],
      [{ date: today(), start: "00:00", end: "00:01" }, "Slot end time must be at least 5 minutes in the future."],
      [{ start: "19:45", end: "19:00" }, "End time must be after start time."],
    ];
    for (const [change, message] of cases) {
      const res = await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload: slot(change) });
      expect(json<ApiError>(res).error.message).toBe(message);
    }
    const created = await t().request({ method: "POST", url: "/api/admin/slots", cookie, payload: slot({}) });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toMatchObject({
      capacity: 2,
      seatsLeft: 2,
      status: "published",
      packageTypes: ["service", "product"],
      interviewerName: person.name,
    });
  });

  it("lists a week (Monday start in IST) and refuses to delete a slot with paid bookings", async () => {
    const cookie = await admin(t());
    const { db } = t().app.deps;
    const slot = await buildSlot(db, { capacity: 3 });
    const { slots, weekStart } = json<{
      slots: { id: string; seatsLeft: number; booked: number }[];
      weekStart: string;
    }>(await t().request({ url: `/api/admin/slots?week=${zonedDate(new Date(slot.start_at), IST)}`, cookie }));
    expect(new Date(`${weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(slots.map((s) => s.id)).toContain(slot.id);

    const student = `booker-${Date.now()}@example.com`;
    await t().signIn(student);
    await buildBooking(db, { user_id: await findUserId(db, student), target_id: slot.id });
    const refused = await t().request({ method: "DELETE", url: `/api/admin/slots/${slot.id}`, cookie });
    expect(refused.statusCode).toBe(409);
    expect(json<ApiError>(refused).error).toEqual({
      code: "HAS_BOOKINGS",
      message: "This slot has confirmed bookings. Cancel it instead of deleting it.",
    });
    const free = await buildSlot(db);
    expect((await t().request({ method: "DELETE", url: `/api/admin/slots/${free.id}`, cookie })).statusCode).toBe(204);
  });
});

describeEachDialect("admin console: pricing, internships, admins", (t) => {
  it("changes a price and availability for the next hold, and audits it", async () => {
    const cookie = await admin(t());
    const bad = await t().request({
      method: "PUT",
      url: "/api/admin/pricing/maang",
      cookie,
      payload: { available: true, priceRupees: 0 },
    });
    expect(json<ApiError>(bad).error.message).toBe("The price must be more than ₹0.");
    const res = await t().request({
      method: "PUT",
      url: "/api/admin/pricing/maang",
      cookie,
      payload: { available: true, priceRupees: 5500 },
    });
    expect(json(res)).toMatchObject({ key: "maang", available: true, pricePaise: 550_000 });
    const { items } = json<{ items: { key: string; pricePaise: number; available: boolean }[] }>(
      await t().request({ url: "/api/catalog" }),
    );
    expect(items.find((i) => i.key === "maang")).toMatchObject({ available: true, pricePaise: 550_000 });
  });

  it("needs at least one week for an internship and defaults the title", async () => {
    const cookie = await admin(t());
    const base = { mentor: "Rahul", startDate: inDays(40), weeks: 0, weekPlans: [] };
    const zero = await t().request({ method: "POST", url: "/api/admin/internships", cookie, payload: base });
    expect(json<ApiError>(zero).error.message).toBe("An internship needs at least 1 week.");
    const ok = await t().request({
      method: "POST",
      url: "/api/admin/internships",
      cookie,
      payload: { ...base, weeks: 1, weekPlans: [{ title: "Start", deliverables: "Setup" }] },
    });
    expect(json(ok)).toMatchObject({ title: "Upcoming Internship", trackKey: "int_frontend", weeks: 1 });
  });

  it("adds admins lower-cased and never removes the last one", async () => {
    const only = "solo-admin@example.com";
    await t().app.deps.db.deleteFrom("admins").execute();
    const cookie = await t().signInAdmin(only);
    const last = await t().request({ method: "DELETE", url: `/api/admin/admins/${only}`, cookie });
    expect(json<ApiError>(last).error.code).toBe("LAST_ADMIN");
    expect(
      (
        await t().request({
          method: "POST",
          url: "/api/admin/admins",
          cookie,
          payload: { email: "Second@Example.com" },
        })
      ).statusCode,
    ).toBe(201);
    const { admins } = json<{ admins: { email: string }[] }>(await t().request({ url: "/api/admin/admins", cookie }));
    expect(admins.map((a) => a.email)).toContain("second@example.com");
    expect(
      (await t().request({ method: "DELETE", url: "/api/admin/admins/second@example.com", cookie })).statusCode,
    ).toBe(204);
  });
});

describeEachDialect("admin authorization matrix", (t) => {
  it("every /api/admin route refuses anonymous (401) and students (403), and lets admins through", async () => {
    // Every route documents itself in the OpenAPI document, so routes added later are covered too.
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t().request({ url: "/api/openapi.json" }),
    );
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: path })),
      );
    expect(routes.length).toBeGreaterThan(20);
    const student = await t().signIn(`matrix-student-${Date.now()}@example.com`);
    const adminCookie = await admin(t());
    for (const route of routes) {
      if (route.url.endsWith("/stream")) continue;
      const url = route.url.replace(/\{[a-zA-Z]+\}/g, "00000000-0000-0000-0000-000000000000");
      const withQuery = url === "/api/admin/slots" && route.method === "GET" ? `${url}?week=${today()}` : url;
      const payload = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method) ? {} : undefined;
      const anonymous = await t().request({ method: route.method as "GET", url: withQuery, payload });
      expect([route, anonymous.statusCode]).toEqual([route, 401]);
      const asStudent = await t().request({ method: route.method as "GET", url: withQuery, payload, cookie: student });
      expect([route, asStudent.statusCode]).toEqual([route, 403]);
      const asAdmin = await t().request({
        method: route.method as "GET",
        url: withQuery,
        payload,
        cookie: adminCookie,
      });
      expect([route, [401, 403].includes(asAdmin.statusCode)]).toEqual([route, false]);
    }
  });
});

describeEachDialect("admin console: inactive interviewers", (t) => {
  it("an inactive interviewer takes no new slot, but keeps the slots they have", async () => {
    const cookie = await admin(t());
    const person = await buildInterviewer(t().app.deps.db, { active: 0 });
    const res = await t().request({
      method: "POST",
      url: "/api/admin/slots",
      cookie,
      payload: { interviewerId: person.id, date: inDays(3), start: "18:00", end: "18:45" },
    });
    expect(json<ApiError>(res).error.message).toBe("Please select an interviewer.");
    const theirs = await buildSlot(t().app.deps.db, { interviewer_id: person.id });
    const edit = await t().request({
      method: "PUT",
      url: `/api/admin/slots/${theirs.id}`,
      cookie,
      payload: { interviewerId: person.id, date: inDays(4), start: "18:00", end: "18:45", status: "draft" },
    });
    expect(edit.statusCode).toBe(200);
  });
});
