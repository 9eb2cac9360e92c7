import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test/server-process.js";
import { decodeQuotedPrintable, startSmtpServer } from "./test/smtp.js";
import { PRODUCTION_ENV } from "./test/test-app.js";

/**
 * The real server process, as an operator starts it (docs/security.md, Production): from the source,
 * or with `prebuilt` as `npm run start:prod` does, from the build (made by the tests' global setup).
 */
function startServer(env: Record<string, string>, prebuilt = false) {
  const command = prebuilt ? ["scripts/start.mjs", "--prebuilt"] : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, command, {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  /** Waits (30 s at most) for the line a server prints once it listens. */
  const started = async () => {
    for (let i = 0; i < 300 && !output.includes("is running at"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, started, output: () => output };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-startup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("start-up refuses what is unsafe", () => {
  it("production without mail, SMS, an https address or a secret names each missing variable", async () => {
    const server = startServer({
      NODE_ENV: "production",
      PUBLIC_URL: "http://careerprep.example.in",
      DATABASE_URL: `file:${dir}/refused.db`,
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    for (const line of [
      "AUTH_SECRET: is required in production",
      "PUBLIC_URL: must be an https:// address in production",
      "SMTP_URL: is required in production",
      "SMS_PROVIDER: is required in production",
      "PAYMENT_PROVIDER: must be set in production",
    ]) {
      expect(output).toContain(line);
    }
    expect(fs.existsSync(`${dir}/refused.db`)).toBe(false);
  }, 30_000);

  it("development mode on a public address stops and says what to set", async () => {
    const server = startServer({ PUBLIC_URL: "https://careerprep.example.in", DATABASE_URL: `file:${dir}/dev.db` });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /PUBLIC_URL: development mode .* runs only on a loopback address: set NODE_ENV=production/,
    );
  }, 30_000);

  it("a GSTIN whose check character is wrong stops the start", async () => {
    const server = startServer({
      GSTIN: "29ABCDE1234F1Z5",
      SUPPLIER_ADDRESS: "Bengaluru",
      DATABASE_URL: `file:${dir}/gst.db`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`GSTIN: must be a 15-character GSTIN with its state code and check character`);
  }, 30_000);
});

describe("a production server started from the build (npm run start:prod)", () => {
  it("has no outbox, no demo data, no source maps, sends assets compressed and answers HEAD where GET works", async () => {
    const client = path.join(dir, "client");
    fs.mkdirSync(path.join(client, "assets"), { recursive: true });
    fs.writeFileSync(path.join(client, "index.html"), "<!doctype html><title>CareerPrep</title>");
    fs.writeFileSync(path.join(client, "assets", "app.js"), "console.log(1);\n");
    fs.writeFileSync(path.join(client, "assets", "app.js.map"), '{"version":3,"sources":["secret.ts"]}');
    // What the client's build writes beside each asset (vite.config.ts).
    fs.writeFileSync(path.join(client, "assets", "app.js.br"), zlib.brotliCompressSync("console.log(1);\n"));
    const port = await freePort();
    const server = startServer(
      {
        ...PRODUCTION_ENV,
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: `file:${dir}/live.db`,
        CLIENT_DIR: client,
        JOBS_ENABLED: "false",
      },
      true,
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await server.started();
      expect(server.output()).toContain("CareerPrep is running at https://careerprep.example.in");
      expect(server.output()).not.toContain("/dev/outbox");
      expect((await fetch(`${base}/api/dev/outbox`)).status).toBe(404);
      const { slots } = (await (await fetch(`${base}/api/slots?package=service`)).json()) as { slots: unknown[] };
      expect(slots).toEqual([]);
      expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
      expect((await fetch(`${base}/assets/app.js.map`)).status).toBe(404);
      const compressed = await fetch(`${base}/assets/app.js`, { headers: { "accept-encoding": "br" } });
      expect(compressed.headers.get("content-encoding")).toBe("br");
      expect(await compressed.text()).toBe("console.log(1);\n");
      // The compressed file is sent for its asset, never asked for by its own name.
      expect((await fetch(`${base}/assets/app.js.br`)).status).toBe(404);
      for (const url of ["/", "/dashboard", "/assets/app.js", "/api/health", "/api/catalog"]) {
        const head = await fetch(`${base}${url}`, { method: "HEAD" });
        expect({ url, status: head.status }).toEqual({ url, status: 200 });
      }
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 60_000);

  // The build bundles the packages with our code (docs/decisions/0255-packages-in-the-bundle.md): this runs what
  // they do on the way, from sign-in through better-auth and the mail relay to the API's own description.
  it("signs a student in by a mailed link and describes its API", async () => {
    const smtp = await startSmtpServer();
    const port = await freePort();
    const publicUrl = PRODUCTION_ENV.PUBLIC_URL ?? "";
    const server = startServer(
      {
        ...PRODUCTION_ENV,
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: `file:${dir}/sign-in.db`,
        CLIENT_DIR: dir,
        JOBS_ENABLED: "false",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      },
      true,
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await server.started();
      const asked = await fetch(`${base}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: publicUrl },
        body: JSON.stringify({ email: "asha@example.com" }),
      });
      expect(asked.status).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const mail = decodeQuotedPrintable(smtp.received[0] ?? "");
      expect(mail).toContain("To: asha@example.com");
      const link = new URL(/https:\/\/\S+\/api\/auth\/magic-link\/verify\S+/.exec(mail)?.[0] ?? "");
      expect(link.origin).toBe(publicUrl);

      const verified = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
      expect(verified.status).toBe(302);
      const cookie = verified.headers
        .getSetCookie()
        .find((c) => c.startsWith("__Secure-better-auth.session_token="))
        ?.split(";")[0];
      expect(cookie).toBeDefined();
      const me = await fetch(`${base}/api/me`, { headers: { cookie: cookie ?? "" } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: "asha@example.com" } });

      const description = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: object };
      expect(Object.keys(description.paths)).toEqual(expect.arrayContaining(["/api/slots", "/api/holds"]));
      const docs = await fetch(`${base}/api/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain("swagger-ui");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await smtp.close();
    }
  }, 60_000);
});
