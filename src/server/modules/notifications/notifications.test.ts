import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import type { NotificationList } from "../../../shared/schemas/notifications.js";
import { findUserId } from "../../test/builders.js";
import { describeEachDialect, json } from "../../test/test-app.js";
import { notifyUser } from "./service.js";

describeEachDialect("notifications", (t) => {
  const list = async (cookie: string) =>
    json<NotificationList>(await t().request({ url: "/api/notifications", cookie }));

  it("lists the user's own notifications, newest first, with an unread count", async () => {
    const { app } = t();
    const cookie = await t().signIn("bell@example.com");
    const other = await t().signIn("other-bell@example.com");
    const userId = await findUserId(app.deps.db, "bell@example.com");
    await notifyUser(app.deps, {
      userId,
      type: "booking_confirmed",
      title: "Booking confirmed",
      body: "See you soon.",
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notifyUser(app.deps, {
      userId,
      type: "feedback_ready",
      title: "Feedback ready",
      body: "4/5",
      link: "/dashboard",
    });

    const mine = await list(cookie);
    expect(mine.unreadCount).toBe(2);
    expect(mine.items.map((n) => n.title)).toEqual(["Feedback ready", "Booking confirmed"]);
    expect(mine.items[0]).toMatchObject({ type: "feedback_ready", link: "/dashboard", readAt: null });
    expect(await list(other)).toEqual({ items: [], unreadCount: 0 });
  });

  it("marks one read, refuses another user's, and marks all read", async () => {
    const { app } = t();
    const cookie = await t().signIn("reader@example.com");
    const stranger = await t().signIn("stranger@example.com");
    const userId = await findUserId(app.deps.db, "reader@example.com");
    for (const title of ["One", "Two", "Three"]) {
      await notifyUser(app.deps, { userId, type: "reminder", title, body: "" });
    }
    const [first] = (await list(cookie)).items;
    const id = first?.id ?? "";

    const theirs = await t().request({ method: "POST", url: `/api/notifications/${id}/read`, cookie: stranger });
    expect(theirs.statusCode).toBe(404);
    expect((await list(cookie)).unreadCount).toBe(3);

    const read = await t().request({ method: "POST", url: `/api/notifications/${id}/read`, cookie });
    expect(json(read)).toEqual({ unreadCount: 2 });
    expect((await list(cookie)).items.find((n) => n.id === id)?.readAt).toEqual(expect.any(String));

    const all = await t().request({ method: "POST", url: "/api/notifications/read-all", cookie });
    expect(json(all)).toEqual({ unreadCount: 0 });
    expect((await list(cookie)).unreadCount).toBe(0);
  });

  it("needs a signed-in user", async () => {
    expect((await t().request({ url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t().request({ url: "/api/me/stream" })).statusCode).toBe(401);
    expect((await t().request({ method: "POST", url: "/api/notifications/read-all" })).statusCode).toBe(401);
  });

  it("streams the user's own events only", async () => {
    const { app } = t();
    const cookie = await t().signIn("live@example.com");
    await t().signIn("someone-else@example.com");
    const userId = await findUserId(app.deps.db, "live@example.com");
    const otherId = await findUserId(app.deps.db, "someone-else@example.com");
    if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/me/stream`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = "";
    await reader.read();

    await notifyUser(app.deps, { userId: otherId, type: "reminder", title: "Not yours", body: "" });
    await notifyUser(app.deps, { userId, type: "reminder", title: "Yours", body: "" });
    while (!received.includes("event: user")) received += decoder.decode((await reader.read()).value);
    controller.abort();

    const events = received.split("\n\n").filter((block) => block.includes("event: user"));
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.split("data: ")[1] ?? "{}")).toEqual({ topic: "user", userId, kind: "notification" });
  });
});
