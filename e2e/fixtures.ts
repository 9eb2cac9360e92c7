import { randomBytes } from "node:crypto";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { type Db, openDatabase } from "../src/server/db/database.js";
import type { SlotDays, SlotListing } from "../src/shared/schemas/booking.js";
import { formatDayLabel, zonedDate } from "../src/shared/time.js";

export { expect };

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN_EMAIL = "admin@example.com";

/**
 * What a browser adds to a write from the app's own page; API calls made by the test on the page's
 * behalf carry it (docs/security.md, Cross-site writes).
 */
export const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

/** A fresh address per call, so tests never share a student. */
export function uniqueEmail(prefix = "student"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

interface OutboxMessage {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Newest message to an address (e-mail or SMS) whose subject matches, polling briefly. */
export async function latestMessageTo(
  request: APIRequestContext,
  to: string,
  subject: RegExp = /./,
): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await request.get("/api/dev/outbox?limit=200");
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const found = messages.find((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no message to ${to} matching ${subject}`);
}

/**
 * Signs in through the real e-mail link (requested by API, opened in the page) and waits for the page
 * at `landsOn` (the callback unless the app sends this person elsewhere, as it does interviewers).
 *
 * The specs run on two workers that may sign the same admin in at the same moment: each reads the
 * newest link to the address, so both can open the same single-use link and one of them is not
 * signed in. Such a sign-in is asked for again (at most three times).
 */
export async function signIn(
  page: Page,
  email: string,
  callbackURL = "/onboarding",
  landsOn = callbackURL.split("?")[0],
): Promise<void> {
  // The app's own address, as the page's Origin header would carry it (better-auth checks it too).
  const origin = new URL((await page.request.get("/api/health")).url()).origin;
  for (let attempt = 1; ; attempt++) {
    const response = await page.request.post("/api/auth/sign-in/magic-link", {
      data: { email, callbackURL },
      headers: { ...SAME_ORIGIN, origin },
    });
    expect(response.ok()).toBe(true);
    const mail = await latestMessageTo(page.request, email, /sign-in link/);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error("the sign-in mail has no link");
    await page.goto(link);
    const me = (await (await page.request.get("/api/me")).json()) as { user?: { email?: string } | null };
    if (me.user?.email?.toLowerCase() === email.toLowerCase()) break;
    if (attempt === 3) throw new Error(`${email} is not signed in after three links`);
  }
  await page.waitForURL((url) => url.pathname === landsOn);
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN_EMAIL, "/admin");
}

/** The identity the local OIDC provider (standing in for Google) returns on the next sign-in. */
export async function setGoogleIdentity(
  request: APIRequestContext,
  identity: { sub: string; email: string; name: string },
): Promise<void> {
  const response = await request.post(`http://127.0.0.1:${E2E_PORT + 2000}/identity`, { data: identity });
  expect(response.status()).toBe(204);
}

/**
 * Waits until no CSS transition or finite animation is running, and names any still
 * running after `timeoutMs`. Colours are measured as they are at rest: during the 150 ms of a
 * `transition-colors` from a disabled button's grey to its enabled colour, the button is already enabled
 * and its first 50 ms fail the contrast rule. Endless animations (a spinner, the landing page's
 * testimonial wall) never end and paused ones do not move: neither is waited for.
 */
async function untilAnimationsSettle(page: Page, timeoutMs = 3_000): Promise<string[]> {
  return page.evaluate(async (timeoutMs) => {
    const moving = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    const deadline = performance.now() + timeoutMs;
    while (moving().length > 0 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return moving().map((a) => {
      const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
      const name =
        a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : a.id;
      return `${name} on ${target?.tagName.toLowerCase() ?? "?"}${target?.id ? `#${target.id}` : ""}`;
    });
  }, timeoutMs);
}

/**
 * axe-core with the WCAG 2.0/2.1/2.2 A and AA rules finds nothing on the page as it is now, once its
 * transitions have ended. The page is checked scrolled to its top, then put back where it was: axe
 * reads a link half under a sticky header (the dashboard's is two rows tall on a phone) as a target
 * too small, and where the journey's last click left the page scrolled changed with the data the
 * shared e2e database happened to hold, so the same page passed in one run and failed in the next.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await untilAnimationsSettle(page), "transitions still running before axe").toEqual([]);
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: "instant" });
    return at;
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  await page.evaluate((at) => window.scrollTo({ left: at.x, top: at.y, behavior: "instant" }), scrolled);
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * The e2e server's own database (SQLite, WAL), for the test data builders in
 * src/server/test/builders.ts: state a journey starts from, written as a test would.
 */
export const test = base.extend<{ db: Db; othersClosed: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies first
  db: async ({}, use) => {
    const handle = openDatabase(`file:${path.resolve(".tmp", `e2e-${E2E_PORT}`, "app.db")}`);
    await use(handle.db);
    await handle.close();
  },
  /**
   * Every browser context a test opened besides its own (a second person, a phone, an admin) closes
   * when the test ends. The browser lives as long as the worker: a context left open kept its pages
   * running (a dashboard's event stream, the landing page's moving wall, a room's video) through every
   * later test on that worker, and the last tests of a run took five to seven times as long as alone.
   */
  othersClosed: [
    async ({ browser, context }, use) => {
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((other) => other !== context)
          .map((other) => other.close()),
      );
    },
    { auto: true },
  ],
});

/**
 * The slot's day in the booking page's date strip: the strip opens on the first day with times,
 * and the specs share one database, so another test's earlier slot may be the day on screen.
 */
export const dayTab = (page: Page, startAt: string) =>
  page.getByRole("tab", { name: new RegExp(formatDayLabel(zonedDate(new Date(startAt), "Asia/Kolkata"))) });

/**
 * Waits until the public slot lists show a slot a spec wrote straight into the database: the next 200, its
 * day's list and the plan's days summary (what the booking page loads). The server keeps each list for up
 * to a second and empties it early only on the app's own changes, so a page that loads a list right after
 * such a write may get the list before it and, with no event to come, keep it.
 */
export async function untilListed(
  request: APIRequestContext,
  interviewer: string,
  plan = "service",
  /** The slot's start, for one that may lie beyond the next 200. */
  knownStartAt?: string,
): Promise<void> {
  const slotsAt = async (url: string) => ((await (await request.get(url)).json()) as { slots: SlotListing[] }).slots;
  let startAt = knownStartAt ?? "";
  if (!knownStartAt)
    await expect
      .poll(
        async () =>
          (startAt =
            (await slotsAt(`/api/slots?package=${plan}`)).find((s) => s.interviewerName.includes(interviewer))
              ?.startAt ?? ""),
        { timeout: 5_000 },
      )
      .not.toBe("");
  const date = zonedDate(new Date(startAt), "Asia/Kolkata");
  // The summary counts the day as its own list shows it (both built after the write).
  await expect
    .poll(
      async () => {
        const day = await slotsAt(`/api/slots?package=${plan}&date=${date}`);
        const { days } = (await (await request.get(`/api/slots/days?package=${plan}`)).json()) as SlotDays;
        const counted = days.find((d) => d.date === date);
        return (
          day.some((s) => s.interviewerName.includes(interviewer)) &&
          counted?.total === day.length &&
          counted.free === day.filter((s) => s.seatsLeft > 0).length
        );
      },
      { timeout: 5_000 },
    )
    .toBe(true);
}

/** Chooses a mock-interview time by its interviewer: its day in the date strip first, then the time. */
export async function pickTime(page: Page, interviewer: string, startAt: string): Promise<void> {
  await dayTab(page, startAt).click();
  await page.getByRole("radio", { name: new RegExp(interviewer) }).click();
}

/** The internship application the booking page asks for before "Book Slot". */
export async function fillInternshipApplication(page: Page): Promise<void> {
  const form = page.getByRole("form", { name: "Your application" });
  await form.getByLabel("College").fill("IIT Madras");
  await form.getByLabel("Year of study").selectOption("3rd year");
  await form.getByLabel("Graduation year").fill("2027");
  await form.getByLabel("Project or GitHub link").fill("https://github.com/student/portfolio");
  await form.getByLabel("Why this internship? (one line)").fill("I want to ship a real app with a mentor's reviews.");
}
