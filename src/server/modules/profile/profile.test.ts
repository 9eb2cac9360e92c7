import { expect, it } from "vitest";
import type { ApiError } from "../../test/api-error.js";
import { buildBooking, buildSlot, findUserId } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

let counter = 0;

async function student(t: TestApp, paid: boolean) {
  const email = `profile-${++counter}-${Date.now()}@example.com`;
  const cookie = await t.signIn(email);
  if (paid) {
    const slot = await buildSlot(t.app.deps.db);
    await buildBooking(t.app.deps.db, { user_id: await findUserId(t.app.deps.db, email), target_id: slot.id });
  }
  return cookie;
}

async function latestSmsCode(t: TestApp, phone: string): Promise<string> {
  const sms = await t.app.deps.db
    .selectFrom("outbox_messages")
    .select("text")
    .where("channel", "=", "sms")
    .where("to_address", "=", phone)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return sms.text.match(/\b\d{6}\b/)?.[0] ?? "";
}

const profile = {
  firstName: "Asha",
  lastName: "Rao",
  qualification: "B.Tech CSE, 2026",
  status: "inprogress",
  phone: "+91 98450 12345",
};

describeEachDialect("profile and phone verification", (t) => {
  it("sends a 6-digit code by SMS that verifies the phone once", async () => {
    const cookie = await student(t(), true);
    const phone = `+91984501${String(counter).padStart(4, "0")}`;
    expect((await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } })).statusCode).toBe(
      200,
    );
    const code = await latestSmsCode(t(), phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await t().request({
      method: "POST",
      url: "/api/otp/verify",
      cookie,
      payload: { phone, code: code === "000000" ? "111111" : "000000" },
    });
    expect(json<ApiError>(wrong).error.message).toBe("That code is not right. Check the SMS and try again.");
    expect(
      (await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } })).statusCode,
    ).toBe(200);
    const reused = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
    expect(json<ApiError>(reused).error.message).toBe("That code has expired or was already used. Send a new one.");
    expect(
      json<{ verifiedPhones: string[] }>(await t().request({ url: "/api/profile", cookie })).verifiedPhones,
    ).toEqual([phone]);
  });

  it("locks the code after five wrong tries", async () => {
    const cookie = await student(t(), false);
    const phone = "+919845099999";
    await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
    const code = await latestSmsCode(t(), phone);
    const wrongCode = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code: wrongCode } });
    const right = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
    expect(json<ApiError>(right).error.message).toBe("Too many wrong codes. Send a new one.");
  });

  it("compares at most five of twenty wrong codes sent at once, then refuses the right one", async () => {
    const cookie = await student(t(), false);
    const phone = "+919845066666";
    await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
    const code = await latestSmsCode(t(), phone);
    const wrongCode = code === "123456" ? "654321" : "123456";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code: wrongCode } }),
      ),
    );
    const messages = answers.map((a) => json<ApiError>(a).error.message);
    // Tries one to four say "not right"; the fifth and every guess past it say the code is used up.
    expect(messages.filter((m) => m === "That code is not right. Check the SMS and try again.")).toHaveLength(4);
    expect(messages.filter((m) => m === "Too many wrong codes. Send a new one.")).toHaveLength(16);
    const row = await t()
      .app.deps.db.selectFrom("otp_codes")
      .select("attempts")
      .where("phone", "=", phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const right = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
    expect(json<ApiError>(right).error.message).toBe("Too many wrong codes. Send a new one.");
  });

  it("among twenty codes sent at once, the right one counts only if it is one of the five compared", async () => {
    const cookie = await student(t(), false);
    const phone = "+919845055555";
    await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
    const code = await latestSmsCode(t(), phone);
    const wrongCode = code === "123456" ? "654321" : "123456";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t().request({
          method: "POST",
          url: "/api/otp/verify",
          cookie,
          payload: { phone, code: i === 19 ? code : wrongCode },
        }),
      ),
    );
    const verified = answers.filter((a) => a.statusCode === 200).length;
    const notRight = answers.filter(
      (a) => json<ApiError>(a).error?.message === "That code is not right. Check the SMS and try again.",
    ).length;
    expect(verified + notRight).toBeLessThanOrEqual(5);
    const phones = json<{ verifiedPhones: string[] }>(
      await t().request({ url: "/api/profile", cookie }),
    ).verifiedPhones;
    expect(phones.includes(phone)).toBe(verified === 1);
  });

  it("ten requests for a code sent at once send one SMS", async () => {
    const cookie = await student(t(), false);
    const phone = "+919845044444";
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    const sent = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .select("id")
      .where("channel", "=", "sms")
      .where("to_address", "=", phone)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it("eight accounts asking for codes to one phone at once send at most five", async () => {
    const phone = "+919845033333";
    const cookies = await Promise.all(Array.from({ length: 8 }, () => student(t(), false)));
    const answers = await Promise.all(
      cookies.map((cookie) => t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } })),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(5);
    const sent = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .select("id")
      .where("channel", "=", "sms")
      .where("to_address", "=", phone)
      .execute();
    expect(sent.length).toBe(answers.filter((a) => a.statusCode === 200).length);
  });

  it("refuses an expired code and a second code within 30 seconds", async () => {
    const cookie = await student(t(), false);
    const phone = "+919845088888";
    await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
    const again = await t().request({ method: "POST", url: "/api/otp/send", cookie, payload: { phone } });
    expect(again.statusCode).toBe(429);
    expect(json<ApiError>(again).error.message).toBe("Please wait a little before asking for another code.");
    const code = await latestSmsCode(t(), phone);
    await t()
      .app.deps.db.updateTable("otp_codes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("phone", "=", phone)
      .execute();
    const late = await t().request({ method: "POST", url: "/api/otp/verify", cookie, payload: { phone, code } });
    expect(json<ApiError>(late).error.message).toBe("That code has expired or was already used. Send a new one.");
  });

  it("sends at most five codes an hour to one phone, however many accounts ask", async () => {
    const phone = "+919845077777";
    const send = async () =>
      t().request({ method: "POST", url: "/api/otp/send", cookie: await student(t(), false), payload: { phone } });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    const sixth = await send();
    expect(sixth.statusCode).toBe(429);
    expect(json<ApiError>(sixth).error.message).toBe("Please wait a little before asking for another code.");
    const sent = await t()
      .app.deps.db.selectFrom("outbox_messages")
      .select("id")
      .where("channel", "=", "sms")
      .where("to_address", "=", phone)
      .execute();
    expect(sent).toHaveLength(5);
  });

  it("validates the phone and code shapes with clear messages", async () => {
    const cookie = await student(t(), false);
    const noPlus = await t().request({
      method: "POST",
      url: "/api/otp/send",
      cookie,
      payload: { phone: "9845012345" },
    });
    expect(noPlus.statusCode).toBe(400);
    const short = await t().request({
      method: "POST",
      url: "/api/otp/verify",
      cookie,
      payload: { phone: "+919845012345", code: "12" },
    });
    expect(json<ApiError>(short).error.message).toBe("Enter the 6-digit code.");
  });

  it("finishing needs a signed-in user, a confirmed payment and a verified phone, in the spec's words", async () => {
    const anonymous = await t().request({ method: "PUT", url: "/api/profile", payload: profile });
    expect(json<ApiError>(anonymous).error).toEqual({ code: "UNAUTHENTICATED", message: "User not authenticated." });

    const unpaid = await student(t(), false);
    const noPayment = await t().request({ method: "PUT", url: "/api/profile", cookie: unpaid, payload: profile });
    expect(json<ApiError>(noPayment).error.message).toBe("Please complete the payment before finishing your profile.");

    const paid = await student(t(), true);
    const unverified = await t().request({ method: "PUT", url: "/api/profile", cookie: paid, payload: profile });
    expect(json<ApiError>(unverified).error.code).toBe("PHONE_NOT_VERIFIED");

    const phone = "+919845012345";
    await t().request({ method: "POST", url: "/api/otp/send", cookie: paid, payload: { phone } });
    await t().request({
      method: "POST",
      url: "/api/otp/verify",
      cookie: paid,
      payload: { phone, code: await latestSmsCode(t(), phone) },
    });
    const saved = await t().request({ method: "PUT", url: "/api/profile", cookie: paid, payload: profile });
    expect(saved.statusCode).toBe(200);
    expect(json<{ profile: Record<string, unknown> }>(saved).profile).toMatchObject({
      firstName: "Asha",
      lastName: "Rao",
      phone: "+919845012345",
      phoneVerified: true,
      completed: true,
    });
    const me = json<{ user: { name: string } }>(await t().request({ url: "/api/me", cookie: paid }));
    expect(me.user.name).toBe("Asha Rao");
  });

  it("rejects a missing field with its message", async () => {
    const cookie = await student(t(), true);
    const res = await t().request({
      method: "PUT",
      url: "/api/profile",
      cookie,
      payload: { ...profile, firstName: " " },
    });
    expect(res.statusCode).toBe(400);
    expect(json<ApiError>(res).error.message).toBe("First name is required.");
  });
});
