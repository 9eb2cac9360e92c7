import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecondApp, createTestApp, postgresAvailable, type TestApp } from "../test/test-app.js";

/**
 * PostgreSQL on the same machine, reached through its Unix socket (docs/operations.md, One machine
 * with PostgreSQL): the URL names the socket's folder, percent-encoded, as libpq and pg_dump read it.
 */
function socketUrl(tcpUrl: string, socketDirectory: string): string {
  const url = new URL(tcpUrl);
  return `postgres://${url.username}@${encodeURIComponent(socketDirectory)}${url.pathname}`;
}

(postgresAvailable() ? describe : describe.skip)("PostgreSQL through its Unix socket", () => {
  let first: TestApp | undefined;
  beforeAll(async () => {
    first = await createTestApp("postgres");
  }, 60_000);
  afterAll(async () => {
    await first?.close();
  });

  it("serves a signed-in student, with its live channel connected, without a TCP connection", async () => {
    if (!first) throw new Error("test app not started");
    const { rows } = await sql<{ unix_socket_directories: string }>`show unix_socket_directories`.execute(
      first.app.deps.db,
    );
    const directory = rows[0]?.unix_socket_directories.split(",")[0]?.trim() ?? "";
    expect(directory).toMatch(/^\//);

    const app = await buildSecondApp({ ...first, databaseUrl: socketUrl(first.databaseUrl, directory) });
    try {
      // No server address: the connection is not TCP.
      const local = await sql<{ address: string | null }>`select inet_server_addr()::text as address`.execute(
        app.deps.db,
      );
      expect(local.rows).toEqual([{ address: null }]);
      // Ready: the database answers and the LISTEN connection (docs/operations.md, Several instances) is up.
      expect((await app.inject({ url: "/api/ready" })).statusCode).toBe(200);

      const cookie = await first.signIn("socket-student@example.com");
      const me = await app.inject({ url: "/api/me", headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { email: "socket-student@example.com" } });
    } finally {
      await app.close();
    }
  });
});
