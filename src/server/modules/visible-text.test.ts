import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES, TEXT_MESSAGES } from "../../shared/messages.js";
import { addDays, zonedDate } from "../../shared/time.js";
import { findRecentOutboxMessages } from "../infrastructure/outbox/repository.js";
import type { ApiError } from "../test/api-error.js";
import { buildBooking, buildInterviewer, buildSlot, findUserId } from "../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../test/test-app.js";

const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);
const RIGHT_TO_LEFT_OVERRIDE = "\u202E";
const ZERO_WIDTH_SPACE = "\u200B";
const FIRST_STRONG_ISOLATE = "\u2068";

/** A paid student whose phone is verified by the real code, so PUT /api/profile can save. */
async function studentReadyToFinish(t: TestApp): Promise<string> {
  const email = `visible-${randomUUID().slice(0, 8)}@example.com`;
  const cookie = await t.signIn(email);
  const slot = await buildSlot(t.app.deps.db);
  await buildBooking(t.app.deps.db, { user_id: await findUserId(t.app.deps.db, email), target_id: slot.id });
  const phone = `+9198450${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
  await t.request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
  const sms = await t.app.deps.db
    .selectFrom("outbox_messages")
    .select("text")
    .where("to_address", "=", phone)
    .executeTakeFirstOrThrow();
  const code = sms.text.match(/\b\d{6}\b/)?.[0] ?? "";
  await t.request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
  return cookie;
}

const profileForm = { qualification: "B.Tech CSE, 2026", status: "inprogress", phone: "+91 98450 12345" };

function expectRefused(answer: LightMyRequestResponse, field: string, message: string): void {
  expect(answer.statusCode).toBe(400);
  expect(json<ApiError>(answer).error).toEqual({ code: "VALIDATION", message, field });
}

describeEachDialect("visible text only, on the server", (t) => {
  it("saves profile names in Devanagari, Tamil, Bengali and Telugu as typed", async () => {
    const cookie = await studentReadyToFinish(t());
    const names = [
      ["अर्जुन", "शर्मा"],
      ["தமிழ்செல்வன்", "கார்த்திகேயன்"],
      ["অর্পিতা", "বন্দ্যোপাধ্যায়"],
      ["శ్రీనివాస్", "వెంకటలక్ష్మి"],
    ];
    for (const [firstName = "", lastName = ""] of names) {
      const payload = { ...profileForm, phone: undefined, firstName, lastName };
      const phone = json<{ verifiedPhones: string[] }>(await t().request({ url: "/api/profile", cookie }))
        .verifiedPhones[0];
      const saved = await t().request({ method: "PUT", url: "/api/profile", cookie, payload: { ...payload, phone } });
      expect(saved.statusCode, firstName).toBe(200);
      expect(json<{ profile: { firstName: string; lastName: string } }>(saved).profile).toMatchObject({
        firstName,
        lastName,
      });
    }
  });

  it("refuses a profile name with a direction override or a line break, and keeps the saved one", async () => {
    const cookie = await studentReadyToFinish(t());
    const phone = json<{ verifiedPhones: string[] }>(await t().request({ url: "/api/profile", cookie }))
      .verifiedPhones[0];
    const form = { ...profileForm, phone, firstName: "Asha", lastName: "Rao" };
    expect((await t().request({ method: "PUT", url: "/api/profile", cookie, payload: form })).statusCode).toBe(200);
    for (const [field, value] of [
      ["firstName", `Asha${RIGHT_TO_LEFT_OVERRIDE}fdp.exe`],
      ["lastName", "Rao\r\nBcc: everyone@example.com"],
      ["qualification", `B.Tech${ZERO_WIDTH_SPACE}`],
    ] as const) {
      const refused = await t().request({
        method: "PUT",
        url: "/api/profile",
        cookie,
        payload: { ...form, [field]: value },
      });
      expectRefused(refused, field, TEXT_MESSAGES.hiddenInLine);
    }
    const kept = json<{ profile: { firstName: string; lastName: string } }>(
      await t().request({ url: "/api/profile", cookie }),
    );
    expect(kept.profile).toMatchObject({ firstName: "Asha", lastName: "Rao" });
  });

  it("refuses hidden characters in the console's interviewer, slot and workshop forms and saves nothing", async () => {
    const admin = await t().signInAdmin();
    const { db } = t().app.deps;
    const count = async (table: "interviewers" | "slots" | "workshops") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { interviewers: await count("interviewers"), slots: await count("slots") };
    const interviewer = {
      name: `Meera${FIRST_STRONG_ISOLATE} Iyer`,
      email: "meera.iyer@example.com",
      phone: "+91 97000 11122",
      qualification: "SDE II",
      reviewedBy: "Panel",
      companyTypes: ["service"],
    };
    const named = await t().request({
      method: "POST",
      url: "/api/admin/interviewers",
      cookie: admin,
      payload: interviewer,
    });
    expectRefused(named, "name", TEXT_MESSAGES.hiddenInLine);
    const person = await buildInterviewer(db);
    const slot = { interviewerId: person.id, date: inDays(3), start: "19:00", end: "19:45" };
    const details = `Bring your resume.${ZERO_WIDTH_SPACE}`;
    const slotAnswer = await t().request({
      method: "POST",
      url: "/api/admin/slots",
      cookie: admin,
      payload: { ...slot, details },
    });
    expectRefused(slotAnswer, "details", TEXT_MESSAGES.hiddenInParagraph);
    const linked = await t().request({
      method: "POST",
      url: "/api/admin/slots",
      cookie: admin,
      payload: { ...slot, meetingLink: `https://meet.example.com/abc${RIGHT_TO_LEFT_OVERRIDE}gpj.exe` },
    });
    expectRefused(linked, "meetingLink", ADMIN_MESSAGES.meetingLinkInvalid);
    const workshop = { topicKey: "ws_dsa", level: "Intermediate", date: inDays(6), start: "18:00", end: "20:00" };
    const titled = await t().request({
      method: "POST",
      url: "/api/admin/workshops",
      cookie: admin,
      payload: { ...workshop, title: `Graphs${RIGHT_TO_LEFT_OVERRIDE}` },
    });
    expectRefused(titled, "title", TEXT_MESSAGES.hiddenInLine);
    expect({ interviewers: (await count("interviewers")) - 1, slots: await count("slots") }).toEqual(before);
    expect(await count("workshops")).toBe(0);

    const tamil = { ...interviewer, name: "கார்த்திகேயன்", phone: "+91 97000 11123" };
    const saved = await t().request({ method: "POST", url: "/api/admin/interviewers", cookie: admin, payload: tamil });
    expect(json<{ name: string }>(saved).name).toBe("கார்த்திகேயன்");
  });

  it("keeps a sign-up's name only when it is visible text", async () => {
    const signUp = async (email: string, name: string) => {
      await t().request({
        method: "POST",
        url: "/api/auth/sign-in/magic-link",
        payload: { email, name, callbackURL: "/onboarding" },
      });
      const [mail] = await findRecentOutboxMessages(t().app.deps.db, 1);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      const verified = await t().request({ url: link.replace("http://localhost:3000", "") });
      const cookie = String(verified.headers["set-cookie"]).split(";")[0] ?? "";
      return json<{ user: { name: string } }>(await t().request({ url: "/api/me", cookie })).user.name;
    };
    expect(await signUp("spoofed-name@example.com", `Eve${RIGHT_TO_LEFT_OVERRIDE}gnp.exe`)).toBe("");
    expect(await signUp("hindi-name@example.com", "अर्जुन शर्मा")).toBe("अर्जुन शर्मा");
  });

  it("refuses a contact subject with a line break, and keeps line breaks in the message", async () => {
    const message = { name: "Kavya", email: "kavya@example.com", message: "Hello,\nI have a question." };
    const refused = await t().request({
      method: "POST",
      url: "/api/contact",
      payload: { ...message, subject: "Fees\r\nBcc: everyone@example.com" },
    });
    expectRefused(refused, "subject", TEXT_MESSAGES.hiddenInLine);
    const sent = await t().request({ method: "POST", url: "/api/contact", payload: { ...message, subject: "Fees" } });
    expect(sent.statusCode).toBe(200);
  });
});
