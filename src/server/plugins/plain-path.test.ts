import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { API_MESSAGES } from "../../shared/messages.js";
import { findRecentOutboxMessages } from "../infrastructure/outbox/repository.js";
import { portOf, rawConnection } from "../test/raw-http.js";
import { describeEachDialect } from "../test/test-app.js";
import { isPlainPath, targetPath } from "./plain-path.js";

/** Sends one request byte for byte as written (the test app's `inject` would resolve the path first). */
async function sendAsWritten(port: number, target: string, body: unknown) {
  const connection = rawConnection(port);
  const text = JSON.stringify(body);
  connection.socket.write(
    `POST ${target} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  await connection.closed;
  const [head = "", answer = ""] = connection.received().split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: answer };
}

const SIGN_IN = "/api/auth/sign-in/magic-link";
const OTHER_SPELLINGS = [
  "/api/auth/./sign-in/magic-link",
  "/api/auth/x/../sign-in/magic-link",
  "/api/auth/sign-in/./magic-link",
  "/api/auth/%2e/sign-in/magic-link",
  "/api/auth/x/%2E%2e/sign-in/magic-link",
  "/api/auth/x/.%2e/sign-in/magic-link",
  "/api/auth//sign-in/magic-link",
  "/api/auth/sign-in//magic-link",
  "/api/auth/x\\..\\sign-in/magic-link",
  "http://localhost:3000/api/auth/./sign-in/magic-link",
];

describe("isPlainPath", () => {
  it("takes the paths our pages and clients send", () => {
    for (const path of ["/", "/api/holds", "/api/holds/", "/api/slots/a%2eb", "/certificates/CP-2026-0001", "/a/.../b"])
      expect(isPlainPath(path), path).toBe(true);
  });

  it("refuses dot segments, encoded dots, empty segments and backslashes", () => {
    for (const spelling of OTHER_SPELLINGS) expect(isPlainPath(targetPath(spelling)), spelling).toBe(false);
  });

  it("agrees with URL parsing: a path is plain exactly when resolving it changes nothing", () => {
    const segment = fc.constantFrom("api", "auth", "a.b", "...", ".", "..", "%2e", "%2E", ".%2e", "%2E.", "%2e%2e", "");
    const path = fc
      .array(fc.tuple(fc.constantFrom("/", "/", "/", "\\"), segment), { minLength: 1, maxLength: 6 })
      .map((parts) => `/${parts.map(([separator, name], i) => (i === 0 ? name : separator + name)).join("")}`);
    fc.assert(
      fc.property(path, (sent) => {
        const resolved = new URL(`http://localhost${sent}`).pathname;
        const plain = resolved === sent && sent.replace(/\/+/g, "/") === sent;
        expect(isPlainPath(sent)).toBe(plain);
      }),
      { numRuns: 2000 },
    );
  });
});

describeEachDialect(
  "sign-in limits hold on every spelling of the path",
  (t) => {
    it("refuses each other spelling in the error shape and sends no mail for it", async () => {
      const port = await portOf(t().app);
      for (const spelling of OTHER_SPELLINGS) {
        const answer = await sendAsWritten(port, spelling, { email: "spelled@example.com" });
        expect(answer.status, spelling).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({ error: { code: "BAD_REQUEST", message: API_MESSAGES.pathNotPlain } });
      }
      const mails = await findRecentOutboxMessages(t().app.deps.db, 100);
      expect(mails.filter((mail) => mail.to_address === "spelled@example.com")).toEqual([]);
    });

    it("16 requests for one address, spelled every way, send no more links than the limit", async () => {
      const port = await portOf(t().app);
      const spellings = [SIGN_IN, ...OTHER_SPELLINGS];
      const answers = [];
      for (let i = 0; i < 16; i++)
        answers.push(
          await sendAsWritten(port, spellings[i % spellings.length] ?? SIGN_IN, { email: "one@example.com" }),
        );
      const mails = await findRecentOutboxMessages(t().app.deps.db, 100);
      expect(mails.filter((mail) => mail.to_address === "one@example.com")).toHaveLength(2);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    });
  },
  { SIGN_IN_RATE_LIMIT: "20", SIGN_IN_EMAIL_RATE_LIMIT: "3" },
);
