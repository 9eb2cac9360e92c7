import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, expect, it } from "vitest";
import type { AlertChannels } from "../../../shared/schemas/alert-channels.js";
import { formatInstant, zonedDate, zonedTime } from "../../../shared/time.js";
import { createJobRunner } from "../../infrastructure/jobs/queue.js";
import { buildBooking, buildCompletedProfile, buildInterviewer, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { uniqueEmail as email } from "../../test/unique-email.js";
import { jobHandlers } from "../index.js";
import { scheduleReminders } from "../reminders/service.js";

/**
 * Local stand-ins for MSG91's Flow API (`POST /api/v5/flow`, `authkey` header, `{"type":…}` answers,
 * HTTP 200 even for a bad key) and the WhatsApp Business Cloud API (`POST /{version}/{phone-number-id}/messages`
 * with a bearer token; a template message as Meta documents it; `{error}` answers with Graph API codes).
 */
const MSG91_KEY = "msg91-auth-key";
const WHATSAPP = { token: "EAAG-test-token", phoneNumberId: "106540352242922", version: "v21.0" };
const SMS_TEMPLATES = {
  waitlist_offer: "1107170000000000010",
  reminder: "1107170000000000011",
  session_cancelled: "1107170000000000012",
  session_moved: "1107170000000000013",
};
const WHATSAPP_TEMPLATES = { reminder: "session_reminder", session_cancelled: "session_cancelled" };

interface Received {
  provider: "msg91" | "whatsapp";
  body: Record<string, unknown>;
}
const received: Received[] = [];

function whatsAppError(body: Record<string, unknown>): { status: number; error: object } | undefined {
  const template = body.template as { name?: string; language?: { code?: string }; components?: unknown[] } | undefined;
  if (body.messaging_product !== "whatsapp" || body.type !== "template" || !/^\d{8,15}$/.test(String(body.to))) {
    return { status: 400, error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } };
  }
  if (!template?.name || !Object.values(WHATSAPP_TEMPLATES).includes(template.name) || !template.language?.code) {
    return {
      status: 404,
      error: { message: "(#132001) Template name does not exist in the translation", code: 132001 },
    };
  }
  return undefined;
}

const standIn = http.createServer((req, res) => {
  let text = "";
  req.on("data", (chunk) => {
    text += chunk;
  });
  req.on("end", () => {
    const reply = (status: number, payload: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    const body = JSON.parse(text || "{}") as Record<string, unknown>;
    if (req.method === "POST" && req.url === "/api/v5/flow") {
      if (req.headers.authkey !== MSG91_KEY) return reply(200, { type: "error", message: "Authentication failure" });
      const recipients = body.recipients as { mobiles?: string }[] | undefined;
      if (!body.template_id || !recipients?.[0]?.mobiles)
        return reply(200, { type: "error", message: "Invalid template" });
      received.push({ provider: "msg91", body });
      return reply(200, { type: "success", message: "3763646c3058373530393831" });
    }
    if (req.method === "POST" && req.url === `/${WHATSAPP.version}/${WHATSAPP.phoneNumberId}/messages`) {
      if (req.headers.authorization !== `Bearer ${WHATSAPP.token}`) {
        return reply(401, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
      }
      const refused = whatsAppError(body);
      if (refused) return reply(refused.status, { error: refused.error });
      received.push({ provider: "whatsapp", body });
      return reply(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQ0Y" }],
      });
    }
    reply(404, { error: { message: "Unknown path", code: 803 } });
  });
});
await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const HOUR = 3_600_000;
const pairs = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([kind, template]) => `${kind}=${template}`)
    .join(",");

async function studentWithPhone(t: TestApp, prefix: string, verified = true) {
  const address = email(prefix);
  const cookie = await t.signIn(address);
  const userId = await findUserId(t.app.deps.db, address);
  const profile = await buildCompletedProfile(t.app.deps.db, userId, verified ? {} : { phone_verified_at: null });
  return { cookie, userId, phone: profile.phone };
}

async function bookedSoon(t: TestApp, userId: string, startInHours: number) {
  const start = new Date(Date.now() + startInHours * HOUR);
  const slot = await buildSlot(t.app.deps.db, {
    start_at: start.toISOString(),
    end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
  });
  return { booking: await buildBooking(t.app.deps.db, { user_id: userId, target_id: slot.id }), slot, start };
}

const setChannels = (t: TestApp, cookie: string, channels: { sms: boolean; whatsapp: boolean }) =>
  t.request({ method: "PUT", url: "/api/me/alert-channels", cookie, payload: channels });

const sentTo = (phone: string) => ({
  sms: received.filter(
    (r) => r.provider === "msg91" && (r.body.recipients as { mobiles: string }[])[0]?.mobiles === phone.slice(1),
  ),
  whatsapp: received.filter((r) => r.provider === "whatsapp" && r.body.to === phone.slice(1)),
});

describeEachDialect(
  "time-critical news by SMS and WhatsApp",
  (t) => {
    beforeEach(() => {
      received.length = 0;
    });

    it("a student chooses the channels; SMS is on and WhatsApp off until asked for", async () => {
      expect((await t().request({ url: "/api/me/alert-channels" })).statusCode).toBe(401);
      const { cookie } = await studentWithPhone(t(), "chooser");
      const channels = async () => json<AlertChannels>(await t().request({ url: "/api/me/alert-channels", cookie }));
      expect(await channels()).toEqual({ sms: true, whatsapp: false, whatsappAvailable: true, phoneVerified: true });
      expect(json(await setChannels(t(), cookie, { sms: false, whatsapp: true }))).toMatchObject({
        sms: false,
        whatsapp: true,
      });
      expect(await channels()).toMatchObject({ sms: false, whatsapp: true });
      const bad = await t().request({ method: "PUT", url: "/api/me/alert-channels", cookie, payload: { sms: "yes" } });
      expect(bad.statusCode).toBe(400);
    });

    it("the 1-hour reminder goes by the registered SMS template and the approved WhatsApp template; the 24-hour one does not", async () => {
      const { cookie, userId, phone } = await studentWithPhone(t(), "reminded");
      await setChannels(t(), cookie, { sms: true, whatsapp: true });
      const { booking, slot, start } = await bookedSoon(t(), userId, 30);
      await scheduleReminders(t().app.deps.db, { bookingId: booking.id, kind: "mock", startAt: slot.start_at });
      const runner = createJobRunner(t().app.deps, jobHandlers, "phone");
      await runner.runDue(() => new Date(start.getTime() - 24 * HOUR + 1000));
      expect(sentTo(phone)).toEqual({ sms: [], whatsapp: [] });

      await runner.runDue(() => new Date(start.getTime() - HOUR + 1000));
      const { sms, whatsapp } = sentTo(phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]?.body).toMatchObject({
        template_id: SMS_TEMPLATES.reminder,
        recipients: [
          { mobiles: phone.slice(1), VAR1: "Service-based mock interview", VAR3: "http://localhost:3000/dashboard" },
        ],
      });
      expect(whatsapp).toHaveLength(1);
      expect(whatsapp[0]?.body).toMatchObject({
        messaging_product: "whatsapp",
        type: "template",
        template: { name: WHATSAPP_TEMPLATES.reminder, language: { code: "en" } },
      });
      type Template = { components: { parameters: { text: string }[] }[] };
      const [smsBody, whatsappBody] = [sms[0]?.body ?? {}, whatsapp[0]?.body ?? {}];
      const parameters = (whatsappBody.template as Template).components[0]?.parameters;
      const variables = (smsBody.recipients as Record<string, string>[]).flatMap((r) => [r.VAR1, r.VAR2, r.VAR3]);
      expect(parameters?.map((p) => p.text)).toEqual(variables);
      expect(parameters?.[1]?.text).toContain("IST");
    });

    it("a waitlist offer and a session moved by an admin reach the phone with their registered templates", async () => {
      const admin = await t().signInAdmin();
      const { db } = t().app.deps;
      const interviewer = await buildInterviewer(db);
      const slot = await buildSlot(db, {
        capacity: 1,
        interviewer_id: interviewer.id,
        interviewer_name: interviewer.name,
      });
      const holder = await studentWithPhone(t(), "holder");
      const waiter = await studentWithPhone(t(), "waiter");
      const held = json<{ id: string }>(
        await t().request({
          method: "POST",
          url: "/api/holds",
          cookie: holder.cookie,
          payload: { kind: "mock", targetId: slot.id },
        }),
      );
      const joined = await t().request({
        method: "POST",
        url: "/api/waitlist",
        cookie: waiter.cookie,
        payload: { kind: "mock", targetId: slot.id },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      await t().request({ method: "DELETE", url: `/api/holds/${held.id}`, cookie: holder.cookie });
      await createJobRunner(t().app.deps, jobHandlers, "offers").runDue();
      const offer = sentTo(waiter.phone).sms[0]?.body.recipients as Record<string, string>[] | undefined;
      expect(sentTo(waiter.phone).sms[0]?.body.template_id).toBe(SMS_TEMPLATES.waitlist_offer);
      expect(offer?.[0]?.VAR3).toMatch(/^http:\/\/localhost:3000\/onboarding\?offer=/);

      const { booking } = await bookedSoon(t(), waiter.userId, 72);
      // Four days on, on the hour, with its half hour on the same IST day.
      let newStart = new Date(Math.floor((Date.now() + 96 * HOUR) / HOUR) * HOUR);
      const sameDay = (at: Date) =>
        zonedDate(at, "Asia/Kolkata") === zonedDate(new Date(at.getTime() + 30 * 60_000), "Asia/Kolkata");
      if (!sameDay(newStart)) newStart = new Date(newStart.getTime() + HOUR);
      const [date, start, end] = [
        zonedDate(newStart, "Asia/Kolkata"),
        zonedTime(newStart, "Asia/Kolkata"),
        zonedTime(new Date(newStart.getTime() + 30 * 60_000), "Asia/Kolkata"),
      ];
      const bookedSlot = await t()
        .app.deps.db.selectFrom("bookings")
        .select("target_id")
        .where("id", "=", booking.id)
        .executeTakeFirstOrThrow();
      await t()
        .app.deps.db.updateTable("slots")
        .set({ interviewer_id: interviewer.id })
        .where("id", "=", bookedSlot.target_id)
        .execute();
      const moved = await t().request({
        method: "PUT",
        url: `/api/admin/slots/${bookedSlot.target_id}`,
        cookie: admin,
        payload: { interviewerId: interviewer.id, date, start, end },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const movedSms = sentTo(waiter.phone).sms.find((r) => r.body.template_id === SMS_TEMPLATES.session_moved);
      const variables = (movedSms?.body.recipients as Record<string, string>[] | undefined)?.[0];
      expect(variables).toMatchObject({
        VAR1: "Service-based mock interview",
        VAR3: formatInstant(newStart.toISOString(), "Asia/Kolkata", "IST"),
      });
    });

    it("an admin's cancellation reaches the phone by the chosen channels only, and only a verified phone", async () => {
      const admin = await t().signInAdmin();
      const whatsappOnly = await studentWithPhone(t(), "wa-only");
      await setChannels(t(), whatsappOnly.cookie, { sms: false, whatsapp: true });
      const unverified = await studentWithPhone(t(), "unverified", false);
      for (const student of [whatsappOnly, unverified]) {
        const { booking } = await bookedSoon(t(), student.userId, 48);
        const cancelled = await t().request({
          method: "POST",
          url: `/api/admin/bookings/${booking.id}/cancel`,
          cookie: admin,
          payload: {},
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
      expect(sentTo(whatsappOnly.phone).sms).toHaveLength(0);
      expect(sentTo(whatsappOnly.phone).whatsapp.map((r) => (r.body.template as { name: string }).name)).toEqual([
        WHATSAPP_TEMPLATES.session_cancelled,
      ]);
      expect(sentTo(unverified.phone)).toEqual({ sms: [], whatsapp: [] });
    });
  },
  {
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: MSG91_KEY,
    MSG91_TEMPLATE_ID: "otp-template",
    MSG91_API_URL: base,
    SMS_TEMPLATE_IDS: pairs(SMS_TEMPLATES),
    WHATSAPP_TOKEN: WHATSAPP.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_API_URL: `${base}/${WHATSAPP.version}`,
    WHATSAPP_TEMPLATES: pairs(WHATSAPP_TEMPLATES),
  },
);

describeEachDialect(
  "news by phone when a gateway refuses",
  (t) => {
    it("a refused WhatsApp token is logged and the cancellation stands", async () => {
      received.length = 0;
      const admin = await t().signInAdmin();
      const student = await studentWithPhone(t(), "refused");
      await setChannels(t(), student.cookie, { sms: true, whatsapp: true });
      const { booking } = await bookedSoon(t(), student.userId, 48);
      const cancelled = await t().request({
        method: "POST",
        url: `/api/admin/bookings/${booking.id}/cancel`,
        cookie: admin,
        payload: {},
      });
      expect(json(cancelled)).toMatchObject({ cancelledBookings: 1 });
      expect(sentTo(student.phone)).toMatchObject({ sms: [{ provider: "msg91" }], whatsapp: [] });
    });
  },
  {
    SMS_PROVIDER: "msg91",
    MSG91_AUTH_KEY: MSG91_KEY,
    MSG91_TEMPLATE_ID: "otp-template",
    MSG91_API_URL: base,
    SMS_TEMPLATE_IDS: pairs(SMS_TEMPLATES),
    WHATSAPP_TOKEN: "expired-token",
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_API_URL: `${base}/${WHATSAPP.version}`,
    WHATSAPP_TEMPLATES: pairs(WHATSAPP_TEMPLATES),
  },
);
