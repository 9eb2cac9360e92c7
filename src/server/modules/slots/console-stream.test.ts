import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { addDays, zonedDate } from "../../../shared/time.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

const inDays = (n: number) => addDays(zonedDate(new Date(), "Asia/Kolkata"), n);

/** An open live stream over real HTTP, read event by event. */
async function openStream(t: TestApp, path: string, cookie: string) {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: "127.0.0.1" });
  const abort = new AbortController();
  const res = await fetch(`${address}${path}`, { headers: { cookie }, signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  if (!reader) throw new Error("the stream has no body");
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    /** Waits for the next event of a topic, skipping heartbeats and other topics. */
    async next(topic: string): Promise<void> {
      for (;;) {
        const events = buffered.split("\n\n");
        buffered = events.pop() ?? "";
        const index = events.findIndex((e) => e.startsWith(`event: ${topic}\n`));
        if (index >= 0) {
          buffered = `${events.slice(index + 1).join("\n\n")}${events.length > index + 1 ? "\n\n" : ""}${buffered}`;
          return;
        }
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`no ${topic} event within 10 seconds`)), 10_000),
          ),
        ]);
        if (chunk.done) throw new Error(`the stream ended before a ${topic} event`);
        buffered += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

/**
 * The console's workshops and internships lists follow changes live, like the slot week view:
 * another admin's edit and a student's hold each reach an open console (docs/admin.md).
 */
describeEachDialect("the console's live lists", (t) => {
  it("tells an open console when a workshop or an internship batch is added, or a student holds a seat in one", async () => {
    const admin = await t().signInAdmin();
    const student = await t().signIn(`live-lists-${randomUUID()}@example.com`);
    const stream = await openStream(t(), "/api/admin/slots/stream", admin);
    try {
      const workshop = await t().request({
        method: "POST",
        url: "/api/admin/workshops",
        cookie: admin,
        payload: {
          topicKey: "ws_dsa",
          title: "Graphs, live",
          level: "Intermediate",
          date: inDays(6),
          start: "18:00",
          end: "19:30",
          capacity: 10,
          status: "published",
          meetingLink: "https://meet.example.com/graphs",
        },
      });
      expect(workshop.statusCode).toBe(201);
      await stream.next("workshops");

      const workshopId = json<{ id: string }>(workshop).id;
      const held = await t().request({
        method: "POST",
        url: "/api/holds",
        cookie: student,
        payload: { kind: "workshop", targetId: workshopId },
      });
      expect(held.statusCode).toBe(201);
      await stream.next("workshops");

      const batch = await t().request({
        method: "POST",
        url: "/api/admin/internships",
        cookie: admin,
        payload: {
          mentor: "Ravi",
          startDate: inDays(40),
          weeks: 1,
          weekPlans: [{ title: "Kick-off", deliverables: "A plan" }],
        },
      });
      expect(batch.statusCode).toBe(201);
      await stream.next("internships");
    } finally {
      stream.close();
    }
  });
});
