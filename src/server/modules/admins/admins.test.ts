import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { AppError } from "../../../shared/errors.js";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import type { ApiError } from "../../test/api-error.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { removeAdmin } from "./service.js";

type Admin = { email: string; addedBy: string | null; createdAt: string };
const listAdmins = async (t: TestApp, cookie: string) =>
  json<{ admins: Admin[] }>(await t.request({ url: "/api/admin/admins", cookie })).admins.map((a) => a.email);
const remove = (t: TestApp, cookie: string, email: string) =>
  t.request({ method: "DELETE", url: `/api/admin/admins/${encodeURIComponent(email)}`, cookie });

describeEachDialect("admin admins", (t) => {
  it("adds an admin by e-mail, lower-cased, who can then open the console; refuses bad and repeated e-mails", async () => {
    const actor = `admins-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await t().signInAdmin(actor);
    const newcomer = `new-${randomUUID().slice(0, 8)}@example.com`;
    const newcomerCookie = await t().signIn(newcomer);
    expect((await t().request({ url: "/api/admin/admins", cookie: newcomerCookie })).statusCode).toBe(403);

    const added = await t().request({
      method: "POST",
      url: "/api/admin/admins",
      cookie,
      payload: { email: `  ${newcomer.toUpperCase()} ` },
    });
    expect(added.statusCode).toBe(201);
    expect(json<Admin>(added)).toMatchObject({ email: newcomer, addedBy: actor });
    expect(await listAdmins(t(), cookie)).toContain(newcomer);
    expect((await t().request({ url: "/api/admin/admins", cookie: newcomerCookie })).statusCode).toBe(200);

    const again = await t().request({ method: "POST", url: "/api/admin/admins", cookie, payload: { email: newcomer } });
    expect(json<ApiError>(again).error).toEqual({ code: "CONFLICT", message: ADMIN_MESSAGES.alreadyAdmin(newcomer) });
    const bad = await t().request({
      method: "POST",
      url: "/api/admin/admins",
      cookie,
      payload: { email: "not-an-email" },
    });
    expect(json<ApiError>(bad).error).toMatchObject({ code: "VALIDATION", message: "Enter a valid email address" });
  });

  it("removes an admin, who loses the console at once; yourself only while another admin remains", async () => {
    await t().app.deps.db.deleteFrom("admins").execute();
    const me = "only-admin@example.com";
    const cookie = await t().signInAdmin(me);
    const last = await remove(t(), cookie, me);
    expect(last.statusCode).toBe(409);
    expect(json<ApiError>(last).error).toEqual({ code: "LAST_ADMIN", message: ADMIN_MESSAGES.lastAdmin });
    const missing = await remove(t(), cookie, "nobody@example.com");
    expect(json<ApiError>(missing).error).toEqual({
      code: "NOT_FOUND",
      message: ADMIN_MESSAGES.notAnAdmin("nobody@example.com"),
    });

    const second = "second-admin@example.com";
    const secondCookie = await t().signInAdmin(second);
    expect((await remove(t(), cookie, "Second-Admin@Example.com")).statusCode).toBe(204);
    expect((await t().request({ url: "/api/admin/admins", cookie: secondCookie })).statusCode).toBe(403);

    await t().signInAdmin(second);
    expect((await remove(t(), cookie, me)).statusCode).toBe(204);
    expect((await t().request({ url: "/api/admin/admins", cookie })).statusCode).toBe(403);
    expect(await listAdmins(t(), secondCookie)).toEqual([second]);

    const { entries } = json<{ entries: { action: string; entityId: string; actorEmail: string }[] }>(
      await t().request({ url: "/api/admin/audit?entity=admin", cookie: secondCookie }),
    );
    expect(entries.find((e) => e.entityId === me)).toMatchObject({ action: "delete", actorEmail: me });
  });

  it("two admins removing each other at the same moment leave one admin", async () => {
    const { deps } = t().app;
    await deps.db.deleteFrom("admins").execute();
    const [a, b] = ["race-a@example.com", "race-b@example.com"];
    await t().signInAdmin(a);
    await t().signInAdmin(b);
    // Past the authorization check both are admins; the removals race inside the service.
    const results = await Promise.allSettled([removeAdmin(deps, a, b), removeAdmin(deps, b, a)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && (refused.reason as AppError).code).toBe("LAST_ADMIN");
    expect(await deps.db.selectFrom("admins").select("email").execute()).toHaveLength(1);
  });
});
