import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../../shared/messages.js";
import type { InterviewerDto } from "../../../shared/schemas/interviewers.js";
import { addDays, zonedDate, zonedToInstant } from "../../../shared/time.js";
import { buildInterviewer, buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

const HOUR = 3_600_000;
let phones = 0;

/**
 * An interviewer added through the console with these domains, and a slot of theirs `days` after
 * today at `time` in IST: two slots of a test fall on one IST date whatever the hour it runs (hours
 * from now straddled IST midnight when run between 17:30 and 18:30 UTC).
 */
async function interviewerWithSlot(t: TestApp, admin: string, domains: string[], days: number, time = "10:00") {
  const added = await t.request({
    method: "POST",
    url: "/api/admin/interviewers",
    cookie: admin,
    payload: {
      name: `Domain Interviewer ${++phones}`,
      email: `domain-${randomUUID().slice(0, 8)}@example.com`,
      phone: `+91 97${String(Date.now() % 1e6).padStart(6, "0")}${String(phones).padStart(2, "0")}`,
      qualification: "Staff Engineer",
      reviewedBy: "Panel",
      companyTypes: ["service"],
      domains,
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  const interviewer = json<InterviewerDto>(added);
  const start = zonedToInstant(addDays(zonedDate(new Date(), "Asia/Kolkata"), days), time, "Asia/Kolkata");
  const slot = await buildSlot(t.app.deps.db, {
    interviewer_id: interviewer.id,
    interviewer_name: interviewer.name,
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
  });
  return { interviewer, slot, date: zonedDate(start, "Asia/Kolkata") };
}

const idsOn = async (t: TestApp, cookie: string, query: string) =>
  json<{ slots: { id: string }[] }>(await t.request({ url: `/api/slots?${query}`, cookie })).slots.map((s) => s.id);

describeEachDialect("mock-interview domains", (t) => {
  it("an admin sets an interviewer's domains; a student who picks a domain is offered only their times", async () => {
    const admin = await t().signInAdmin();
    const sde = await interviewerWithSlot(t(), admin, ["sde", "analytics"], 6, "10:00");
    const design = await interviewerWithSlot(t(), admin, ["uiux"], 6, "11:00");
    expect(sde.interviewer.domains).toEqual(["sde", "analytics"]);
    const student = await t().signIn(`domain-student-${randomUUID().slice(0, 8)}@example.com`);

    const day = `package=service&date=${sde.date}`;
    expect(await idsOn(t(), student, day)).toEqual(expect.arrayContaining([sde.slot.id, design.slot.id]));
    const sdeDay = await idsOn(t(), student, `${day}&domain=sde`);
    expect(sdeDay).toContain(sde.slot.id);
    expect(sdeDay).not.toContain(design.slot.id);
    const uiuxDay = await idsOn(t(), student, `${day}&domain=uiux`);
    expect(uiuxDay).toContain(design.slot.id);
    expect(uiuxDay).not.toContain(sde.slot.id);
    expect(await idsOn(t(), student, "package=service&domain=pm")).toEqual([]);
    const days = json<{ days: { date: string; total: number }[] }>(
      await t().request({ url: "/api/slots/days?package=service&domain=pm", cookie: student }),
    );
    expect(days.days).toEqual([]);

    // The admin widens the design interviewer to product management: their time is offered for it.
    const edited = await t().request({
      method: "PUT",
      url: `/api/admin/interviewers/${design.interviewer.id}`,
      cookie: admin,
      payload: { ...design.interviewer, domains: ["uiux", "pm"] },
    });
    expect(json<InterviewerDto>(edited).domains).toEqual(["uiux", "pm"]);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the listing cache's second
    expect(await idsOn(t(), student, `${day}&domain=pm`)).toEqual([design.slot.id]);
  });

  it("refuses a hold on a slot outside the picked domain, and the booking keeps the domain it was made for", async () => {
    const admin = await t().signInAdmin();
    const analytics = await interviewerWithSlot(t(), admin, ["analytics"], 8);
    const student = await t().signIn(`domain-holder-${randomUUID().slice(0, 8)}@example.com`);
    const hold = (domain: unknown) =>
      t().request({
        method: "POST",
        url: "/api/holds",
        cookie: student,
        payload: { kind: "mock", targetId: analytics.slot.id, domain },
      });
    const refused = await hold("sde");
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({
      error: { code: "VALIDATION", message: PAYMENT_MESSAGES.slotNotForDomain, field: "domain" },
    });
    expect((await hold("cooking")).statusCode).toBe(400);

    const held = await hold("analytics");
    expect(held.statusCode, held.body).toBe(201);
    const checkout = await t().request({
      method: "POST",
      url: "/api/checkout",
      cookie: student,
      payload: { holdId: json<{ id: string }>(held).id },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { bookingId } = json<{ bookingId: string }>(checkout);
    const booking = await t()
      .app.deps.db.selectFrom("bookings")
      .select("domain")
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.domain).toBe("analytics");

    const { paymentId } = json<{ paymentId: string }>(checkout);
    const paid = await t().request({ method: "POST", url: `/api/payments/dev/${paymentId}/pay`, cookie: student });
    expect(paid.statusCode, paid.body).toBe(200);
    const interviewer = await t().signIn(analytics.interviewer.email);
    type Session = { bookingId: string; domain: string | null; title: string };
    const { upcoming } = json<{ upcoming: Session[] }>(
      await t().request({ url: "/api/interviewer/sessions", cookie: interviewer }),
    );
    expect(upcoming.find((s) => s.bookingId === bookingId)).toMatchObject({
      domain: "analytics",
      title: "Service-based mock interview, Analytics",
    });
  });

  it("a slot without an interviewer on record is offered only when no domain is picked; interviewers need a domain", async () => {
    const admin = await t().signInAdmin();
    const legacy = await buildSlot(t().app.deps.db, { start_at: new Date(Date.now() + 24 * 9 * HOUR).toISOString() });
    const date = zonedDate(new Date(legacy.start_at), "Asia/Kolkata");
    const student = await t().signIn(`domain-legacy-${randomUUID().slice(0, 8)}@example.com`);
    expect(await idsOn(t(), student, `package=service&date=${date}`)).toContain(legacy.id);
    expect(await idsOn(t(), student, `package=service&date=${date}&domain=sde`)).not.toContain(legacy.id);

    const before = await buildInterviewer(t().app.deps.db);
    const listed = json<{ interviewers: InterviewerDto[] }>(
      await t().request({ url: "/api/admin/interviewers", cookie: admin }),
    ).interviewers.find((i) => i.id === before.id);
    expect(listed?.domains).toEqual(["sde", "pm", "analytics", "uiux"]);
    const none = await t().request({
      method: "PUT",
      url: `/api/admin/interviewers/${before.id}`,
      cookie: admin,
      payload: { ...listed, domains: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(json<{ error: { message: string } }>(none).error.message).toBe("Select at least one domain.");
  });
});
