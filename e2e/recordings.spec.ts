import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import config from "../playwright.config.js";
import type { Db } from "../src/server/db/database.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInterviewer,
  buildSlot,
  findUserId,
} from "../src/server/test/builders.js";
import type { Recordings } from "../src/shared/schemas/recordings.js";
import { expect, expectNoA11yViolations, signIn, test, uniqueEmail } from "./fixtures.js";

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const STORAGE_DIR = path.resolve(".tmp", `e2e-${E2E_PORT}`, "files");

// A camera and a microphone that Chromium makes up, allowed without a prompt.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});
const MEDIA: BrowserContextOptions = { permissions: ["camera", "microphone"] };

/** A mock interview under way, its student and its interviewer each in the room. */
async function sessionInRoom(db: Db, browser: Browser) {
  const studentEmail = uniqueEmail("student");
  const interviewerEmail = uniqueEmail("interviewer");
  const interviewer = await buildInterviewer(db, { email: interviewerEmail, name: "Rahul Menon" });
  const studentContext = await browser.newContext({ ...MEDIA, viewport: { width: 375, height: 740 } });
  const student = await studentContext.newPage();
  await signIn(student, studentEmail, "/dashboard");
  const studentId = await findUserId(db, studentEmail);
  await buildCompletedProfile(db, studentId, { first_name: "Aarav", last_name: "Sharma" });
  const slot = await buildSlot(db, {
    interviewer_id: interviewer.id,
    interviewer_name: interviewer.name,
    interviewer_email: interviewer.email,
    start_at: minutesFromNow(-2),
    end_at: minutesFromNow(58),
  });
  const booking = await buildBooking(db, { user_id: studentId, target_id: slot.id });
  const deskContext = await browser.newContext(MEDIA);
  const desk = await deskContext.newPage();
  await signIn(desk, interviewerEmail, "/onboarding", "/interviewer");
  for (const page of [student, desk]) {
    await page.goto(`/room/${booking.id}`);
    await page.getByRole("button", { name: "Join the room" }).click();
    await expect(page.getByRole("toolbar", { name: "Call controls" })).toBeVisible();
  }
  return {
    booking,
    student,
    desk,
    studentContext,
    close: () => Promise.all([studentContext.close(), deskContext.close()]),
  };
}

const badge = (page: Page) => page.getByRole("status").filter({ hasText: /^Recording$/ });

async function recordingsOf(page: Page, bookingId: string): Promise<Recordings> {
  return (await (await page.request.get(`/api/me/bookings/${bookingId}/recordings`)).json()) as Recordings;
}

/** ffprobe's reading of a stored file: its container and the time of its last video frame. */
function probe(storageKey: string): { format: string; lastFrameSeconds: number; longestGapSeconds: number } {
  const file = path.join(STORAGE_DIR, storageKey);
  const format = execFileSync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=format_name",
    "-of",
    "default=nw=1:nk=1",
    file,
  ])
    .toString()
    .trim();
  const times = execFileSync("ffprobe", [
    ...["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", file],
  ])
    .toString()
    .split("\n")
    .map(Number)
    .filter((t) => Number.isFinite(t) && t > 0)
    .sort((a, b) => a - b);
  const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
  return { format, lastFrameSeconds: times.at(-1) ?? 0, longestGapSeconds: Math.max(0, ...gaps) };
}

async function goOfflineFor(context: BrowserContext, page: Page, ms: number): Promise<void> {
  await context.setOffline(true);
  await page.waitForTimeout(ms);
  await context.setOffline(false);
}

test.describe("recordings", () => {
  test("a consented session records both sides through a network cut, and the replay plays and seeks", async ({
    browser,
    db,
  }) => {
    test.slow();
    const { booking, student, desk, studentContext, close } = await sessionInRoom(db, browser);
    await desk.getByRole("button", { name: "Ask to record" }).click();
    await expect(student.getByRole("group", { name: /Rahul Menon asks to record this session/ })).toBeVisible();
    await expectNoA11yViolations(student);
    await student.getByRole("button", { name: "Allow recording" }).click();
    await expect(badge(student)).toBeVisible();
    await expect(badge(desk)).toBeVisible({ timeout: 10_000 });
    const started = Date.now();

    await student.waitForTimeout(3_000);
    await goOfflineFor(studentContext, student, 5_000);
    await student.waitForTimeout(3_000);
    const recordedSeconds = (Date.now() - started) / 1000;
    for (const page of [student, desk]) await page.getByRole("button", { name: "Leave" }).click();

    await expect
      .poll(async () => (await recordingsOf(student, booking.id)).recordings.map((r) => r.status), { timeout: 60_000 })
      .toEqual(["ready", "ready"]);
    const { recordings } = await recordingsOf(student, booking.id);
    const rows = await db.selectFrom("recordings").selectAll().where("booking_id", "=", booking.id).execute();
    for (const row of rows) {
      const read = probe(row.storage_key ?? "");
      expect(read.format).toBe("matroska,webm");
      const listed = recordings.find((r) => r.participant === row.participant)?.durationSeconds ?? 0;
      expect(Math.abs(read.lastFrameSeconds - listed)).toBeLessThan(1.5);
      // Nothing lost to the network cut: the whole time is there, without a hole.
      expect(listed).toBeGreaterThan(recordedSeconds - 3);
      expect(read.longestGapSeconds).toBeLessThan(1);
    }

    await student.goto(`/sessions/${booking.id}/replay`);
    await expect(student.getByRole("heading", { name: "Replay" })).toBeVisible();
    await expectNoA11yViolations(student);
    const ranged = student.waitForResponse((r) => r.url().includes("/media") && r.status() === 206);
    await student.getByRole("button", { name: "Play" }).click();
    expect((await ranged).headers()["content-type"]).toBe("video/webm");
    await expect(student.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect.poll(() => student.getByTestId("replay-time").textContent()).not.toMatch(/^0:00 /);
    await student.getByLabel("Position in the session").fill("5");
    await expect(student.getByTestId("replay-time")).toHaveText(/^0:0[5-7] \//);
    await expect(student.getByRole("button", { name: "Interviewer" })).toBeVisible();

    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await signIn(stranger, uniqueEmail("student"), "/dashboard");
    expect((await stranger.request.get(`/api/me/bookings/${booking.id}/recordings`)).status()).toBe(403);
    await strangerContext.close();
    await close();
  });

  test("a declined request records nothing", async ({ browser, db }) => {
    const { booking, student, desk, close } = await sessionInRoom(db, browser);
    await desk.getByRole("button", { name: "Ask to record" }).click();
    await student.getByRole("button", { name: "Don't record" }).click();
    await expect(desk.getByText("The student chose not to record this session.")).toBeVisible({ timeout: 10_000 });
    await expect(badge(student)).toHaveCount(0);
    await expect(badge(desk)).toHaveCount(0);
    await expect(student.getByRole("toolbar", { name: "Call controls" })).toBeVisible();
    expect((await recordingsOf(student, booking.id)).recordings).toEqual([]);
    await close();
  });
});
