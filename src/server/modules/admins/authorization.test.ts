import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { addDays, zonedDate } from "../../../shared/time.js";
import { buildInternship, buildInterviewer, buildSlot, buildWorkshop } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { insertContactMessage } from "../contact/repository.js";
import { insertAdmin } from "./repository.js";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Call = { url: string; payload?: Record<string, unknown> };

const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);
const unique = () => randomUUID().slice(0, 8);
let phones = 0;
const interviewerForm = () => ({
  name: "Matrix Interviewer",
  email: `matrix-${unique()}@example.com`,
  phone: `+91 97${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones).padStart(2, "0")}`,
  qualification: "SDE II",
  reviewedBy: "Panel",
  companyTypes: ["service"],
});
const workshopForm = {
  topicKey: "ws_dsa",
  title: "Graphs",
  level: "Intermediate",
  date: inDays(6),
  start: "18:00",
  end: "20:00",
};
const internshipForm = {
  mentor: "Ravi",
  startDate: inDays(30),
  weeks: 1,
  weekPlans: [{ title: "Start", deliverables: "Setup" }],
};

/**
 * A request an admin makes successfully on each route this console owns, with what it needs built
 * fresh (deleting consumes it). Every admin route under these sections must be listed here.
 */
const SUCCESS: Record<string, (t: TestApp) => Promise<Call>> = {
  "GET /api/admin/interviewers": async () => ({ url: "/api/admin/interviewers" }),
  "POST /api/admin/interviewers": async () => ({ url: "/api/admin/interviewers", payload: interviewerForm() }),
  "PUT /api/admin/interviewers/{id}": async (t) => {
    const person = await buildInterviewer(t.app.deps.db);
    return { url: `/api/admin/interviewers/${person.id}`, payload: { ...interviewerForm(), phone: person.phone } };
  },
  "POST /api/admin/interviewers/{id}/toggle": async (t) => ({
    url: `/api/admin/interviewers/${(await buildInterviewer(t.app.deps.db)).id}/toggle`,
  }),
  "DELETE /api/admin/interviewers/{id}": async (t) => ({
    url: `/api/admin/interviewers/${(await buildInterviewer(t.app.deps.db)).id}`,
  }),
  "GET /api/admin/slots": async () => ({ url: `/api/admin/slots?week=${inDays(0)}` }),
  "POST /api/admin/slots": async (t) => ({
    url: "/api/admin/slots",
    payload: {
      interviewerId: (await buildInterviewer(t.app.deps.db)).id,
      date: inDays(3),
      start: "19:00",
      end: "19:45",
    },
  }),
  "PUT /api/admin/slots/{id}": async (t) => {
    const person = await buildInterviewer(t.app.deps.db);
    const slot = await buildSlot(t.app.deps.db, { interviewer_id: person.id });
    return {
      url: `/api/admin/slots/${slot.id}`,
      payload: { interviewerId: person.id, date: inDays(4), start: "19:00", end: "19:45" },
    };
  },
  "DELETE /api/admin/slots/{id}": async (t) => ({ url: `/api/admin/slots/${(await buildSlot(t.app.deps.db)).id}` }),
  "POST /api/admin/slots/{id}/cancel": async (t) => ({
    url: `/api/admin/slots/${(await buildSlot(t.app.deps.db)).id}/cancel`,
    payload: {},
  }),
  "GET /api/admin/workshops": async () => ({ url: "/api/admin/workshops" }),
  "POST /api/admin/workshops": async () => ({ url: "/api/admin/workshops", payload: workshopForm }),
  "PUT /api/admin/workshops/{id}": async (t) => ({
    url: `/api/admin/workshops/${(await buildWorkshop(t.app.deps.db)).id}`,
    payload: workshopForm,
  }),
  "DELETE /api/admin/workshops/{id}": async (t) => ({
    url: `/api/admin/workshops/${(await buildWorkshop(t.app.deps.db)).id}`,
  }),
  "POST /api/admin/workshops/{id}/cancel": async (t) => ({
    url: `/api/admin/workshops/${(await buildWorkshop(t.app.deps.db)).id}/cancel`,
    payload: {},
  }),
  "GET /api/admin/internships": async () => ({ url: "/api/admin/internships" }),
  "POST /api/admin/internships": async () => ({ url: "/api/admin/internships", payload: internshipForm }),
  "PUT /api/admin/internships/{id}": async (t) => ({
    url: `/api/admin/internships/${(await buildInternship(t.app.deps.db)).id}`,
    payload: internshipForm,
  }),
  "DELETE /api/admin/internships/{id}": async (t) => ({
    url: `/api/admin/internships/${(await buildInternship(t.app.deps.db)).id}`,
  }),
  "POST /api/admin/internships/{id}/cancel": async (t) => ({
    url: `/api/admin/internships/${(await buildInternship(t.app.deps.db)).id}/cancel`,
    payload: {},
  }),
  "GET /api/admin/internships/{id}/roster": async (t) => ({
    url: `/api/admin/internships/${(await buildInternship(t.app.deps.db)).id}/roster`,
  }),
  "PUT /api/admin/internships/{id}/demo-day": async (t) => {
    const batch = await buildInternship(t.app.deps.db, { start_date: inDays(30), weeks: 1 });
    const startAt = new Date(`${inDays(31)}T10:00:00+05:30`).toISOString();
    const endAt = new Date(`${inDays(31)}T12:00:00+05:30`).toISOString();
    return { url: `/api/admin/internships/${batch.id}/demo-day`, payload: { startAt, endAt } };
  },
  "PUT /api/admin/interviewers/{id}/mentor-track": async (t) => ({
    url: `/api/admin/interviewers/${(await buildInterviewer(t.app.deps.db)).id}/mentor-track`,
    payload: { trackKey: "int_mobile" },
  }),
  "PUT /api/admin/workshops/{id}/capstone": async (t) => {
    const workshop = await buildWorkshop(t.app.deps.db);
    const dueAt = new Date(Date.parse(workshop.end_at) + 7 * 86_400_000).toISOString();
    return { url: `/api/admin/workshops/${workshop.id}/capstone`, payload: { brief: "Build it", dueAt } };
  },
  "PUT /api/admin/pricing/{key}": async () => ({
    url: "/api/admin/pricing/ws_resume",
    payload: { available: true, priceRupees: 699 },
  }),
  "GET /api/admin/messages": async () => ({ url: "/api/admin/messages" }),
  "POST /api/admin/messages/{id}/handled": async (t) => {
    const id = await aContactMessage(t);
    return { url: `/api/admin/messages/${id}/handled`, payload: { handled: true } };
  },
  "POST /api/admin/messages/{id}/replies": async (t) => {
    const id = await aContactMessage(t);
    return { url: `/api/admin/messages/${id}/replies`, payload: { message: "Thanks, we will call you." } };
  },
  "GET /api/admin/admins": async () => ({ url: "/api/admin/admins" }),
  "POST /api/admin/admins": async () => ({
    url: "/api/admin/admins",
    payload: { email: `added-${unique()}@example.com` },
  }),
  "DELETE /api/admin/admins/{email}": async (t) => {
    const email = `leaving-${unique()}@example.com`;
    await insertAdmin(t.app.deps.db, email, "test");
    return { url: `/api/admin/admins/${email}` };
  },
  "GET /api/admin/audit": async () => ({ url: "/api/admin/audit?entity=slot" }),
};

/** A contact message waiting in the admin's inbox; returns its id. */
async function aContactMessage(t: TestApp): Promise<string> {
  const id = randomUUID();
  await insertContactMessage(t.app.deps.db, {
    id,
    name: "Asha",
    email: "asha@example.com",
    subject: "Hi",
    message: "Hello",
    handled_at: null,
    created_at: new Date().toISOString(),
  });
  return id;
}

const CONSOLE_SECTIONS =
  /^\/api\/admin\/(interviewers|slots|internships|workshops|pricing|messages|admins|audit)(\/|$)/;
const STREAM = "GET /api/admin/slots/stream";

/** Every documented /api/admin route (each route declares a schema, so each is in the document). */
async function adminRoutes(t: TestApp): Promise<{ key: string; method: Method; path: string }[]> {
  const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await t.request({ url: "/api/openapi.json" }));
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => {
        const method = m.toUpperCase() as Method;
        return { key: `${method} ${path}`, method, path };
      }),
    );
}

describeEachDialect("admin authorization matrix", (t) => {
  it("lists a successful admin request for every route of the console's sections", async () => {
    const ours = (await adminRoutes(t())).filter((r) => CONSOLE_SECTIONS.test(r.path)).map((r) => r.key);
    expect(ours.filter((key) => key !== STREAM && !SUCCESS[key])).toEqual([]);
    expect(Object.keys(SUCCESS).filter((key) => !ours.includes(key))).toEqual([]);
    expect(ours).toContain(STREAM);
  });

  it("every /api/admin route: anonymous 401, signed-in student 403, admin succeeds", async () => {
    const routes = await adminRoutes(t());
    const student = await t().signIn(`matrix-student-${unique()}@example.com`);
    const admin = await t().signInAdmin(`matrix-admin-${unique()}@example.com`);
    for (const route of routes) {
      const placeholder = route.path.replace(/\{[a-zA-Z]+\}/g, randomUUID());
      const payload = route.method === "GET" ? undefined : {};
      const anonymous = await t().request({ method: route.method, url: placeholder, payload });
      expect([route.key, anonymous.statusCode]).toEqual([route.key, 401]);
      const asStudent = await t().request({ method: route.method, url: placeholder, payload, cookie: student });
      expect([route.key, asStudent.statusCode]).toEqual([route.key, 403]);
      if (route.key === STREAM) continue;
      const prepare = SUCCESS[route.key];
      if (prepare) {
        const call = await prepare(t());
        const res = await t().request({ method: route.method, url: call.url, payload: call.payload, cookie: admin });
        expect([route.key, res.statusCode >= 200 && res.statusCode < 300, res.body.slice(0, 200)]).toEqual([
          route.key,
          true,
          res.body.slice(0, 200),
        ]);
      } else {
        // Another section's route (bookings, scorecards, certificates): its own tests cover success.
        const res = await t().request({ method: route.method, url: placeholder, payload, cookie: admin });
        expect([route.key, [401, 403].includes(res.statusCode)]).toEqual([route.key, false]);
      }
    }
  });

  it("streams slot changes to an admin over server-sent events", async () => {
    const admin = await t().signInAdmin(`matrix-stream-${unique()}@example.com`);
    const address = await t().app.listen({ port: 0, host: "127.0.0.1" });
    const abort = new AbortController();
    try {
      const res = await fetch(`${address}/api/admin/slots/stream`, {
        headers: { cookie: admin },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body?.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const slot = await buildSlot(t().app.deps.db);
      await t().app.deps.bus.publish({ topic: "slots", slotId: slot.id });
      while (reader && !text.includes(slot.id)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      expect(text).toContain(`event: slots\ndata: {"topic":"slots","slotId":"${slot.id}"}`);
    } finally {
      abort.abort();
    }
  });
});
