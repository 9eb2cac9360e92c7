import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { ADMIN_MESSAGES } from "../../../shared/messages.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { insertContactMessage } from "./repository.js";

type Inbox = { messages: { id: string; subject: string; handled: boolean }[]; unhandled: number };
type AuditEntry = { action: string; entityId: string; before: unknown; after: unknown; actorEmail: string };

const inbox = async (t: TestApp, cookie: string) =>
  json<Inbox>(await t.request({ url: "/api/admin/messages", cookie }));

describeEachDialect("admin messages inbox", (t) => {
  it("lists newest first, counts the unhandled ones and marks them handled or not, with an audit entry", async () => {
    const actor = `inbox-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await t().signInAdmin(actor);
    const { db } = t().app.deps;
    const base = { name: "Asha", email: "asha@example.com", message: "Hello", handled_at: null };
    await insertContactMessage(db, { ...base, id: "m-old", subject: "Older", created_at: "2030-01-01T10:00:00.000Z" });
    await insertContactMessage(db, { ...base, id: "m-new", subject: "Newer", created_at: "2030-01-02T10:00:00.000Z" });

    const first = await inbox(t(), cookie);
    expect(first.messages.map((m) => m.subject)).toEqual(["Newer", "Older"]);
    expect(first.unhandled).toBe(2);

    const mark = (id: string, handled: boolean) =>
      t().request({ method: "POST", url: `/api/admin/messages/${id}/handled`, cookie, payload: { handled } });
    expect(json(await mark("m-new", true))).toEqual({ handled: true });
    const now = await inbox(t(), cookie);
    expect(now.unhandled).toBe(1);
    expect(now.messages.find((m) => m.id === "m-new")?.handled).toBe(true);

    expect(json(await mark("m-new", true))).toEqual({ handled: true });
    await mark("m-new", false);
    expect((await inbox(t(), cookie)).unhandled).toBe(2);

    const { entries } = json<{ entries: AuditEntry[] }>(
      await t().request({ url: "/api/admin/audit?entity=message", cookie }),
    );
    const ours = entries.filter((e) => e.entityId === "m-new");
    expect(ours).toHaveLength(2);
    expect(ours).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "unhandled", before: { handled: true }, after: { handled: false } }),
        expect.objectContaining({
          action: "handled",
          before: { handled: false },
          after: { handled: true },
          actorEmail: actor,
        }),
      ]),
    );

    const missing = await mark("no-such-message", true);
    expect(json(missing)).toEqual({ error: { code: "NOT_FOUND", message: ADMIN_MESSAGES.messageGone } });
  });

  it("pages the inbox newest first with no message twice or missed (ties too), counting every unhandled one", async () => {
    const cookie = await t().signInAdmin(`inbox-pages-${randomUUID().slice(0, 8)}@example.com`);
    const { db } = t().app.deps;
    const base = { name: "Asha", email: "asha@example.com", message: "Hello", handled_at: null };
    const times = ["2031-01-03", "2031-01-02", "2031-01-02", "2031-01-02", "2031-01-01"];
    for (const [i, day] of times.entries()) {
      await insertContactMessage(db, {
        ...base,
        id: `page-${i}`,
        subject: `Page ${i}`,
        created_at: `${day}T10:00:00.000Z`,
      });
    }
    const all = (await inbox(t(), cookie)).messages.map((m) => m.id);
    const seen: string[] = [];
    let cursor: string | null = "";
    let unhandled = 0;
    while (cursor !== null) {
      const url: string = `/api/admin/messages?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = json<Inbox & { nextCursor: string | null }>(await t().request({ url, cookie }));
      expect(page.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.messages.map((m) => m.id));
      unhandled = page.unhandled;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all);
    expect(seen.slice(0, 5)).toEqual(["page-0", "page-3", "page-2", "page-1", "page-4"]);
    expect(unhandled).toBe(
      all.length -
        (await db.selectFrom("contact_messages").select("id").where("handled_at", "is not", null).execute()).length,
    );
    const bad = await t().request({ url: "/api/admin/messages?cursor=nope", cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a message sent through the contact form", async () => {
    const cookie = await t().signInAdmin(`inbox-form-${randomUUID().slice(0, 8)}@example.com`);
    const subject = `Question ${randomUUID().slice(0, 6)}`;
    const sent = await t().request({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "Rohan",
        email: "rohan@example.com",
        subject,
        message: "When is the next DSA workshop?",
        website: "",
      },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const found = (await inbox(t(), cookie)).messages.find((m) => m.subject === subject);
    expect(found).toMatchObject({ handled: false });
  });
});
