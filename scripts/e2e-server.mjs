// Starts what the end-to-end tests talk to: a local OIDC provider standing in for Google (with a
// control endpoint choosing the identity of the next sign-in), a fresh SQLite database, a fresh
// client build, and the app itself. Ports come from E2E_PORT so several runs can coexist.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { OAuth2Server } from "oauth2-mock-server";

const port = Number(process.env.E2E_PORT ?? 3100);
const oidcPort = port + 1000;
const controlPort = port + 2000;
const work = path.resolve(".tmp", `e2e-${port}`);
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

const build = spawnSync(process.execPath, ["scripts/build-client.mjs", path.join(work, "client")], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

let identity = { sub: "google-user-1", email: "google.student@example.com", name: "Google Student" };
const oidc = new OAuth2Server();
await oidc.issuer.keys.generate("RS256");
oidc.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, { sub: identity.sub, email: identity.email, email_verified: true, name: identity.name });
});
oidc.service.on("beforeUserinfo", (response) => {
  response.body = { sub: identity.sub, email: identity.email, email_verified: true, name: identity.name };
});
await oidc.start(oidcPort, "localhost");

const control = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/identity") {
      identity = { ...identity, ...JSON.parse(body) };
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404).end();
  });
});
control.listen(controlPort, "127.0.0.1");

// A real TURN server (Debian's coturn) on loopback, so the interview room's calls are relayed
// through TURN only (ICE_TRANSPORT_POLICY=relay), with credentials in coturn's REST-API scheme.
// +3000 to +6000 belong to the Razorpay and security specs (e2e/booking-razorpay.spec.ts, e2e/security.spec.ts).
const turnPort = port + 7000;
const turnSecret = randomBytes(24).toString("hex");
const relayPorts = 50_000 + (port % 300) * 50;
const turnConfig = path.join(work, "turnserver.conf");
fs.writeFileSync(
  turnConfig,
  [
    "listening-ip=127.0.0.1",
    "relay-ip=127.0.0.1",
    `listening-port=${turnPort}`,
    `min-port=${relayPorts}`,
    `max-port=${relayPorts + 49}`,
    "use-auth-secret",
    `static-auth-secret=${turnSecret}`,
    "realm=careerprep.test",
    "allow-loopback-peers",
    "no-tls",
    "no-dtls",
    "no-cli",
    "fingerprint",
    `userdb=${path.join(work, "turndb")}`,
    `pidfile=${path.join(work, "turnserver.pid")}`,
    `log-file=${path.join(work, "turnserver.log")}`,
    "simple-log",
  ].join("\n"),
);
const turn = spawn(process.env.TURNSERVER_PATH ?? "turnserver", ["-c", turnConfig], { stdio: "ignore" });
turn.on("error", (err) => {
  console.error(`coturn did not start (${err.message}): install it (apt-get install coturn) for the room's tests`);
});

const app = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: `file:${path.join(work, "app.db")}`,
    CLIENT_DIR: path.join(work, "client"),
    STORAGE_DIR: path.join(work, "files"),
    SEED_DEMO: "false",
    ADMIN_EMAILS: "admin@example.com",
    SIGN_IN_RATE_LIMIT: "1000",
    SIGN_IN_EMAIL_RATE_LIMIT: "1000",
    GOOGLE_CLIENT_ID: "careerprep-e2e",
    GOOGLE_CLIENT_SECRET: "careerprep-e2e-secret",
    GOOGLE_ISSUER: `http://localhost:${oidcPort}`,
    TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`,
    TURN_SECRET: turnSecret,
    ICE_TRANSPORT_POLICY: "relay",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  },
});

const stop = async () => {
  app.kill("SIGTERM");
  turn.kill("SIGTERM");
  control.close();
  await oidc.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => {
  turn.kill("SIGTERM");
  void oidc.stop().finally(() => process.exit(code ?? 0));
});
