import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { ApiError } from "../../test/api-error.js";
import { buildSlot } from "../../test/builders.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

type Interviewer = {
  id: string;
  name: string;
  email: string;
  phone: string;
  qualification: string;
  reviewedBy: string;
  companyTypes: string[];
  active: boolean;
};
type AuditEntry = { action: string; entityId: string; before: Record<string, unknown> | null; after: unknown };

let phones = 0;
const freshPhone = () => `+91 98${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones).padStart(2, "0")}`;

const person = (change: Record<string, unknown> = {}) => ({
  name: "Meera Rao",
  email: "meera@example.com",
  phone: freshPhone(),
  qualification: "Staff Engineer",
  reviewedBy: "Panel",
  companyTypes: ["service"],
  ...change,
});

const admin = (t: TestApp) => t.signInAdmin(`interviewers-${randomUUID().slice(0, 8)}@example.com`);
const add = (t: TestApp, cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: "POST", url: "/api/admin/interviewers", cookie, payload });
const list = async (t: TestApp, cookie: string) =>
  json<{ interviewers: Interviewer[] }>(await t.request({ url: "/api/admin/interviewers", cookie })).interviewers;

describeEachDialect("admin interviewers", (t) => {
  it("checks each field in the spec's order with its exact message, on trimmed values", async () => {
    const cookie = await admin(t());
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   ", phone: "" }, "Name and email are required."],
      [{ email: " " }, "Name and email are required."],
      [{ phone: "  ", qualification: "" }, "Phone number is required."],
      [{ qualification: " ", reviewedBy: "" }, "Qualification is required."],
      [{ reviewedBy: " ", companyTypes: [] }, "Reviewed By is required."],
      [{ companyTypes: [] }, "Select at least one company type."],
      [{ email: "meera@" }, "Enter a valid email address"],
      [{ phone: "98765" }, ADMIN_MESSAGES.interviewerPhoneDigits],
    ];
    for (const [change, message] of cases) {
      const res = await add(t(), cookie, person(change));
      expect([change, res.statusCode, json<ApiError>(res).error.message]).toEqual([change, 400, message]);
    }
    const phone = freshPhone();
    const created = await add(
      t(),
      cookie,
      person({ name: "  Divya Nair ", email: " Divya@Example.com ", phone: ` ${phone} `, qualification: " SDE III " }),
    );
    expect(created.statusCode).toBe(201);
    expect(json<Interviewer>(created)).toMatchObject({
      name: "Divya Nair",
      email: "divya@example.com",
      phone,
      qualification: "SDE III",
      active: true,
    });
  });

  it("names who has a phone already, and overwrites that record only when asked", async () => {
    const cookie = await admin(t());
    const original = json<Interviewer>(
      await add(t(), cookie, person({ name: "Original", email: "original@example.com", phone: "+91 90000 11111" })),
    );
    const clash = await add(t(), cookie, person({ name: "Newcomer", phone: "+91-9000011111" }));
    expect(clash.statusCode).toBe(409);
    expect(json<ApiError>(clash).error).toEqual({
      code: "DUPLICATE_PHONE",
      message: "An interviewer with this phone already exists: Original (original@example.com, +91 90000 11111).",
      details: {
        id: original.id,
        name: "Original",
        email: "original@example.com",
        phone: "+91 90000 11111",
        upcomingBookings: 0,
      },
    });
    expect((await list(t(), cookie)).find((i) => i.id === original.id)?.name).toBe("Original");

    const overwritten = await add(
      t(),
      cookie,
      person({ name: "Newcomer", email: "new@example.com", phone: "+91-9000011111", overwrite: true }),
    );
    expect(overwritten.statusCode).toBe(201);
    expect(json<Interviewer>(overwritten)).toMatchObject({
      id: original.id,
      name: "Newcomer",
      email: "new@example.com",
    });
    const withPhone = (await list(t(), cookie)).filter((i) => i.phone.replace(/\D/g, "") === "919000011111");
    expect(withPhone.map((i) => i.name)).toEqual(["Newcomer"]);

    const { entries } = json<{ entries: AuditEntry[] }>(
      await t().request({ url: "/api/admin/audit?entity=interviewer", cookie }),
    );
    expect(entries.find((e) => e.entityId === original.id && e.action === "overwrite")).toMatchObject({
      before: { name: "Original" },
      after: { name: "Newcomer" },
    });
  });

  it("two admins adding one phone at the same moment create exactly one interviewer", async () => {
    const cookie = await admin(t());
    const phone = "+91 91111 22222";
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => add(t(), cookie, person({ name: `Racer ${n}`, email: `racer${n}@example.com`, phone }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const winner = json<Interviewer>(results.find((r) => r.statusCode === 201) ?? results[0]!);
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect(json<ApiError>(loser).error).toMatchObject({ code: "DUPLICATE_PHONE", details: { id: winner.id } });
    }
    const rows = await t()
      .app.deps.db.selectFrom("interviewers")
      .select("id")
      .where("phone_key", "=", "919111122222")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("lists by name and switches Active/Inactive with the pill, auditing the switch", async () => {
    const cookie = await admin(t());
    await add(t(), cookie, person({ name: "Zoya Last" }));
    const first = json<Interviewer>(await add(t(), cookie, person({ name: "Aarav First" })));
    const names = (await list(t(), cookie)).map((i) => i.name);
    expect(names).toEqual([...names].sort());

    const off = await t().request({ method: "POST", url: `/api/admin/interviewers/${first.id}/toggle`, cookie });
    expect(json<Interviewer>(off).active).toBe(false);
    expect((await list(t(), cookie)).find((i) => i.id === first.id)?.active).toBe(false);
    const on = await t().request({ method: "POST", url: `/api/admin/interviewers/${first.id}/toggle`, cookie });
    expect(json<Interviewer>(on).active).toBe(true);

    const { entries } = json<{ entries: AuditEntry[] }>(
      await t().request({ url: "/api/admin/audit?entity=interviewer", cookie }),
    );
    expect(entries.filter((e) => e.entityId === first.id && e.action === "toggle").map((e) => e.after)).toEqual([
      { active: true },
      { active: false },
    ]);
  });

  it("edits with the add form's rules on trimmed values, keeping Active as the pill left it", async () => {
    const cookie = await admin(t());
    const created = json<Interviewer>(await add(t(), cookie, person()));
    await t().request({ method: "POST", url: `/api/admin/interviewers/${created.id}/toggle`, cookie });
    const edit = (change: Record<string, unknown>) =>
      t().request({
        method: "PUT",
        url: `/api/admin/interviewers/${created.id}`,
        cookie,
        payload: person({ phone: created.phone, ...change }),
      });

    expect(json<ApiError>(await edit({ email: "  " })).error.message).toBe("Name and email are required.");
    expect(json<ApiError>(await edit({ qualification: " " })).error.message).toBe("Qualification is required.");
    expect(json<ApiError>(await edit({ companyTypes: [] })).error.message).toBe("Select at least one company type.");

    const saved = await edit({ name: "  Meera R. ", reviewedBy: " Board ", companyTypes: ["maang", "product"] });
    expect(saved.statusCode).toBe(200);
    expect(json<Interviewer>(saved)).toMatchObject({
      name: "Meera R.",
      reviewedBy: "Board",
      companyTypes: ["maang", "product"],
      active: false,
    });
    const missing = await t().request({
      method: "PUT",
      url: "/api/admin/interviewers/no-such-id",
      cookie,
      payload: person(),
    });
    expect(json<ApiError>(missing).error).toEqual({ code: "NOT_FOUND", message: ADMIN_MESSAGES.interviewerGone });
  });

  it("refuses to give an interviewer another interviewer's phone, naming its owner", async () => {
    const cookie = await admin(t());
    await add(t(), cookie, person({ name: "Owner", email: "owner@example.com", phone: "+91 90000 55555" }));
    const other = json<Interviewer>(await add(t(), cookie, person({ name: "Other" })));
    const clash = await t().request({
      method: "PUT",
      url: `/api/admin/interviewers/${other.id}`,
      cookie,
      payload: person({ name: "Other", phone: "9190000 55555" }),
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ApiError>(clash).error).toMatchObject({
      code: "DUPLICATE_PHONE",
      details: { name: "Owner", email: "owner@example.com", phone: "+91 90000 55555" },
    });
  });

  it("deletes an interviewer while their slots keep the copied name, e-mail and phone", async () => {
    const cookie = await admin(t());
    const created = json<Interviewer>(await add(t(), cookie, person({ name: "Leaving Soon" })));
    const { db } = t().app.deps;
    const slot = await buildSlot(db, {
      interviewer_id: created.id,
      interviewer_name: "Leaving Soon",
      interviewer_email: created.email,
      interviewer_phone: created.phone,
    });
    const removed = await t().request({ method: "DELETE", url: `/api/admin/interviewers/${created.id}`, cookie });
    expect(removed.statusCode).toBe(204);
    expect((await list(t(), cookie)).map((i) => i.id)).not.toContain(created.id);
    const kept = await db.selectFrom("slots").selectAll().where("id", "=", slot.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ interviewer_name: "Leaving Soon", interviewer_phone: created.phone });
    const again = await t().request({ method: "DELETE", url: `/api/admin/interviewers/${created.id}`, cookie });
    expect(again.statusCode).toBe(404);
  });
});
