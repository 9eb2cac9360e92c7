import { expect, it } from "vitest";
import { deleteAdmin } from "../modules/admins/repository.js";
import { describeEachDialect, type TestApp } from "../test/test-app.js";
import { uniqueEmail as email } from "../test/unique-email.js";
import { openStreamCount } from "./sse.js";

async function open(t: TestApp, path: string, cookie?: string) {
  const address = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: "127.0.0.1" });
  const abort = new AbortController();
  const res = await fetch(`${address}${path}`, { headers: cookie ? { cookie } : {}, signal: abort.signal });
  return { res, close: () => abort.abort() };
}

/** Reads a stream until the server ends it; resolves true when it ended. */
async function ended(res: Response): Promise<boolean> {
  const reader = res.body?.getReader();
  if (!reader) return false;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return true;
  }
}

describeEachDialect(
  "live streams: caps, sign-out and admin removal",
  (t) => {
    it("caps streams per client and per process, with a clear answer", async () => {
      const opened: Array<() => void> = [];
      try {
        const a = await t().signIn(email("streamer"));
        for (let i = 0; i < 2; i++) {
          const stream = await open(t(), "/api/me/stream", a);
          opened.push(stream.close);
          expect(stream.res.status).toBe(200);
        }
        const third = await open(t(), "/api/me/stream", a);
        expect(third.res.status).toBe(429);
        expect(await third.res.json()).toEqual({
          error: {
            code: "RATE_LIMITED",
            message: "Too many live connections are open. Close a few tabs and try again.",
          },
        });
        const b = await t().signIn(email("other"));
        const other = await open(t(), "/api/me/stream", b);
        opened.push(other.close);
        expect(other.res.status).toBe(200);
        // Three open: the process is full, for anyone.
        const anonymous = await open(t(), "/api/slots/stream");
        expect(anonymous.res.status).toBe(429);
      } finally {
        for (const close of opened) close();
        for (let i = 0; i < 100 && openStreamCount(t().app.deps.bus) > 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    });

    it("answers HEAD on a stream at once, holding nothing open", async () => {
      const address = await t()
        .app.listen({ port: 0, host: "127.0.0.1" })
        .catch(() => {
          const { port } = t().app.server.address() as { port: number };
          return `http://127.0.0.1:${port}`;
        });
      const head = await fetch(`${address}/api/slots/stream`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toContain("text/event-stream");
      expect(openStreamCount(t().app.deps.bus)).toBe(0);
    });

    it("ends a student's stream when they sign out, and an admin's when they are removed", async () => {
      const student = await t().signIn(email("leaving"));
      const stream = await open(t(), "/api/me/stream", student);
      expect(stream.res.status).toBe(200);
      const signOut = await t().request({ method: "POST", url: "/api/auth/sign-out", cookie: student, payload: {} });
      expect(signOut.statusCode).toBe(200);
      expect(await ended(stream.res)).toBe(true);

      const keeper = await t().signInAdmin(email("keeper"));
      const removedEmail = email("removed");
      const removed = await t().signInAdmin(removedEmail);
      const adminStream = await open(t(), "/api/admin/slots/stream", removed);
      expect(adminStream.res.status).toBe(200);
      const res = await t().request({
        method: "DELETE",
        url: `/api/admin/admins/${encodeURIComponent(removedEmail)}`,
        cookie: keeper,
      });
      expect(res.statusCode).toBe(204);
      expect(await ended(adminStream.res)).toBe(true);
    });

    it("ends an admin's stream at the next heartbeat when admin rights end without an event (the shell)", async () => {
      await t().signInAdmin(email("stays"));
      const goneEmail = email("shell-removed");
      const gone = await t().signInAdmin(goneEmail);
      const adminStream = await open(t(), "/api/admin/slots/stream", gone);
      expect(adminStream.res.status).toBe(200);
      await deleteAdmin(t().app.deps.db, goneEmail);
      expect(await ended(adminStream.res)).toBe(true);
    }, 30_000);
  },
  { STREAM_LIMIT_PER_CLIENT: "2", STREAM_LIMIT_TOTAL: "3" },
);
