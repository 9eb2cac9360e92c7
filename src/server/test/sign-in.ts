import type { FastifyInstance } from "fastify";
import type { Db } from "../db/database.js";

/**
 * How a sign-in reaches the server: in process (`app.inject`) or over HTTP (`fetch`). `open` follows
 * the e-mailed link on this server, whatever host the link names.
 */
export interface SignInTransport {
  requestLink(email: string): Promise<{ status: number; body: string }>;
  open(link: string): Promise<{ status: number; setCookie: string[] }>;
}

const withoutOrigin = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");

/** Through `app.inject`, with the Origin header our own pages send on every write. */
export function injectTransport(app: FastifyInstance, origin: string): SignInTransport {
  return {
    async requestLink(email) {
      const sent = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/magic-link",
        headers: { origin },
        payload: { email, callbackURL: "/onboarding" },
      });
      return { status: sent.statusCode, body: sent.body };
    },
    async open(link) {
      const verified = await app.inject({ method: "GET", url: withoutOrigin(link) });
      return { status: verified.statusCode, setCookie: [verified.headers["set-cookie"] ?? []].flat() };
    },
  };
}

/** Over HTTP to a listening server at `base`, as a browser would (`headers` add to the JSON and Origin ones). */
export function fetchTransport(base: string, headers: Record<string, string> = {}): SignInTransport {
  return {
    async requestLink(email) {
      const sent = await fetch(`${base}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, ...headers },
        body: JSON.stringify({ email, callbackURL: "/onboarding" }),
      });
      return { status: sent.status, body: await sent.text() };
    },
    async open(link) {
      const verified = await fetch(`${base}${withoutOrigin(link)}`, { redirect: "manual" });
      return { status: verified.status, setCookie: verified.headers.getSetCookie() };
    },
  };
}

/**
 * Signs `email` in through the real magic-link flow: asks for the link, reads the mail from the
 * outbox table (`db`, the server's database) and opens it. Returns the session cookie (`name=value`).
 */
export async function signInThroughOutbox(db: Db, transport: SignInTransport, email: string): Promise<string> {
  const sent = await transport.requestLink(email);
  if (sent.status !== 200) throw new Error(`magic link request failed: ${sent.status} ${sent.body}`);
  const mail = await db
    .selectFrom("outbox_messages")
    .select("text")
    .where("to_address", "=", email)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no sign-in link was sent to ${email}`);
  const verified = await transport.open(link);
  const cookie = verified.setCookie.find((c) => c.includes("session_token"));
  if (!cookie) throw new Error(`sign-in did not set a session cookie (status ${verified.status})`);
  return cookie.split(";")[0] ?? "";
}
