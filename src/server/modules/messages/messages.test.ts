import { expect, it } from "vitest";
import { describeEachDialect, json } from "../../test/test-app.js";
import { insertContactMessage } from "../contact/repository.js";

type Inbox = { messages: { id: string; subject: string; handled: boolean }[]; unhandled: number };

describeEachDialect("admin messages inbox", (t) => {
  it("lists newest first, counts the unhandled ones and marks them handled or not", async () => {
    const cookie = await t().signInAdmin("inbox-admin@example.com");
    const { db } = t().app.deps;
    const base = { name: "Asha", email: "asha@example.com", message: "Hello", handled_at: null };
    await insertContactMessage(db, { ...base, id: "m-old", subject: "Older", created_at: "2030-01-01T10:00:00.000Z" });
    await insertContactMessage(db, { ...base, id: "m-new", subject: "Newer", created_at: "2030-01-02T10:00:00.000Z" });

    const inbox = json<Inbox>(await t().request({ url: "/api/admin/messages", cookie }));
    expect(inbox.messages.map((m) => m.subject).slice(0, 2)).toEqual(["Newer", "Older"]);
    expect(inbox.unhandled).toBe(2);

    const mark = (id: string, handled: boolean) =>
      t().request({ method: "POST", url: `/api/admin/messages/${id}/handled`, cookie, payload: { handled } });
    expect(json(await mark("m-new", true))).toEqual({ handled: true });
    let now = json<Inbox>(await t().request({ url: "/api/admin/messages", cookie }));
    expect(now.unhandled).toBe(1);
    expect(now.messages.find((m) => m.id === "m-new")?.handled).toBe(true);

    await mark("m-new", false);
    now = json<Inbox>(await t().request({ url: "/api/admin/messages", cookie }));
    expect(now.unhandled).toBe(2);

    const missing = await mark("no-such-message", true);
    expect(missing.statusCode).toBe(404);
  });
});
