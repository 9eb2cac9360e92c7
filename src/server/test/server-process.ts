import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Dialect } from "../db/database.js";
import { openDatabase } from "../db/database.js";
import { createTemporaryPostgresDatabase } from "./postgres.js";
import { fetchTransport, signInThroughOutbox } from "./sign-in.js";

/**
 * A real server process (src/server/main.ts through tsx), for tests about what survives a crash:
 * it can be killed with any signal, and started again on the same database.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** SIGTERM and wait (a clean stop); a no-op if it is already gone. */
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS picks it), for a server a test starts itself. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_LIMIT: "1000",
      HOLD_RATE_LIMIT: "100000",
      CHECKOUT_RATE_LIMIT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  // Starting through the TypeScript loader takes a while on a busy machine.
  for (let i = 0; i < 600 && !gone; i++) {
    const ready = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (gone) throw new Error(`server exited during start-up:\n${output}`);
  return {
    url,
    child,
    exited,
    output: () => output,
    async stop() {
      if (gone) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** An empty database of the dialect (a temporary file or PostgreSQL database), and how to drop it. */
export async function emptyDatabase(dialect: Dialect): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === "postgres") return createTemporaryPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `careerprep-${randomBytes(4).toString("hex")}-`));
  return {
    url: `file:${path.join(dir, "app.db")}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A student as a browser would be: signed in through the magic link the server e-mailed. */
export async function signInOverHttp(server: ServerProcess, databaseUrl: string, email: string): Promise<string> {
  const handle = openDatabase(databaseUrl);
  try {
    return await signInThroughOutbox(handle.db, fetchTransport(server.url), email);
  } finally {
    await handle.close();
  }
}

/** A JSON API call as the signed-in student; network errors (a dead server) resolve to status 0. */
export async function api(
  server: ServerProcess,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.url,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    return { status: 0, body: {} };
  }
}
