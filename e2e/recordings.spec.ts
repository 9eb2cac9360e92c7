import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
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
async function sessionInRoom(db: Db, browser: Browser, join = true) {
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
  if (join) for (const page of [student, desk]) await joinRoom(page, booking.id);
  return {
    booking,
    student,
    desk,
    studentContext,
    close: () => Promise.all([studentContext.close(), deskContext.close()]),
  };
}

/** The interviewer's scorecard with a note shared from the room, as the workspace saves it. */
async function scoreSession(db: Db, bookingId: string, notes: string): Promise<void> {
  const now = new Date().toISOString();
  await db.updateTable("bookings").set({ status: "completed" }).where("id", "=", bookingId).execute();
  await db
    .insertInto("scorecards")
    .values({
      id: randomUUID(),
      booking_id: bookingId,
      scores: JSON.stringify({ resume: 4, technical: 4, communication: 5 }),
      overall: 4,
      tags: JSON.stringify(["Structured"]),
      notes,
      recording_url: null,
      created_by: "interviewer",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function joinRoom(page: Page, bookingId: string): Promise<void> {
  await page.goto(`/room/${bookingId}`);
  await page.getByRole("button", { name: "Join the room" }).click();
  await expect(page.getByRole("toolbar", { name: "Call controls" })).toBeVisible();
}

const badge = (page: Page) => page.getByRole("status").filter({ hasText: /^Recording$/ });

async function recordingsOf(page: Page, bookingId: string): Promise<Recordings> {
  return (await (await page.request.get(`/api/me/bookings/${bookingId}/recordings`)).json()) as Recordings;
}

/**
 * ffprobe's reading of a stored file: its container, and its sound packets (every 20 ms, whatever the
 * machine's load does to the camera's frames): the last one's time and the longest silence between two.
 */
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
    ...["-v", "error", "-select_streams", "a:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0", file],
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
    await expect(student.getByRole("group", { name: /Rahul Menon asks to record this session/ })).toBeVisible({
      timeout: 20_000,
    });
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
      expect(read.longestGapSeconds).toBeLessThan(0.5);
    }

    await scoreSession(db, booking.id, "[00:04] Explained the approach clearly");
    await student.goto("/dashboard?tab=interviews");
    await student.getByRole("link", { name: "Watch the replay" }).first().click();
    await expect(student).toHaveURL(`/sessions/${booking.id}/replay`);
    await expect(student.getByRole("heading", { name: "Replay" })).toBeVisible();
    await expectNoA11yViolations(student);
    const ranged = student.waitForResponse((r) => r.url().includes("/media") && r.status() === 206);
    await student.getByRole("button", { name: "Play", exact: true }).click();
    expect((await ranged).headers()["content-type"]).toBe("video/webm");
    await expect(student.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await expect.poll(() => student.getByTestId("replay-time").textContent()).not.toMatch(/^0:00 /);
    await student.getByRole("button", { name: "Pause", exact: true }).click();
    await student.getByRole("button", { name: "0:04 — Explained the approach clearly" }).click();
    await expect(student.getByTestId("replay-time")).toHaveText(/^0:04 \//);
    await student.getByLabel("Position in the session").fill("6");
    await expect(student.getByTestId("replay-time")).toHaveText(/^0:06 \//);
    const studentVideo = student.locator('video[aria-label="Student\'s recording"]');
    await expect.poll(() => studentVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(6, 0);
    await expect(student.getByRole("button", { name: "Interviewer", exact: true })).toBeVisible();

    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await signIn(stranger, uniqueEmail("student"), "/dashboard");
    expect((await stranger.request.get(`/api/me/bookings/${booking.id}/recordings`)).status()).toBe(403);
    await strangerContext.close();
    await close();
  });

  test("a reload keeps the earlier part, either person stops recording, and the replay plays the parts in order", async ({
    browser,
    db,
  }) => {
    // Two browsers recording on a shared machine: each step waits on real media and uploads.
    test.setTimeout(300_000);
    const { booking, student, desk, close } = await sessionInRoom(db, browser);
    await desk.getByRole("button", { name: "Ask to record" }).click();
    await student.getByRole("button", { name: "Allow recording" }).click();
    await expect(badge(desk)).toBeVisible({ timeout: 10_000 });
    await student.waitForTimeout(5_000);
    await student.reload();
    await joinRoom(student, booking.id);
    await expect(badge(student)).toBeVisible();
    await student.waitForTimeout(4_000);

    await desk.getByRole("button", { name: "Stop recording" }).click();
    for (const page of [desk, student]) {
      await expect(badge(page)).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByText(/^Recording stopped\./)).toBeVisible();
      await expect(page.getByRole("button", { name: "Stop recording" })).toHaveCount(0);
    }
    await expect
      .poll(
        async () => (await recordingsOf(student, booking.id)).recordings.map((r) => [r.participant, r.part, r.status]),
        {
          timeout: 60_000,
        },
      )
      .toEqual([
        ["interviewer", 1, "ready"],
        ["student", 1, "ready"],
        ["student", 2, "ready"],
      ]);
    const { recordings } = await recordingsOf(student, booking.id);
    const studentParts = recordings.filter((r) => r.participant === "student");
    const rows = await db.selectFrom("recordings").selectAll().where("booking_id", "=", booking.id).execute();
    for (const row of rows) expect(probe(row.storage_key ?? "").format).toBe("matroska,webm");
    const firstPart = studentParts[0]?.durationSeconds ?? 0;
    expect(firstPart).toBeGreaterThan(2);

    await scoreSession(db, booking.id, "");
    await student.setViewportSize({ width: 1280, height: 800 });
    await student.goto(`/sessions/${booking.id}/replay`);
    const studentVideo = student.locator('video[aria-label="Student\'s recording"]');
    await expect(studentVideo).toHaveAttribute("data-part", "1");
    await expect(student.getByText("Student (part 1 of 2)")).toBeVisible();
    await student.getByLabel("Position in the session").fill(String(Math.ceil(firstPart) + 1));
    await expect(studentVideo).toHaveAttribute("data-part", "2");
    await expect(studentVideo).toHaveAttribute("src", studentParts[1]?.url ?? "");

    await student.getByLabel("Captions for the recording of the student, part 2 (a WebVTT file)").setInputFiles({
      name: "part-2.vtt",
      mimeType: "text/vtt",
      buffer: Buffer.from("WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nTell me about a project you led.\n"),
    });
    await student.getByRole("button", { name: "Upload captions" }).nth(2).click();
    await expect(student.getByText("Captions added.")).toBeVisible();
    const track = studentVideo.locator('track[kind="captions"]');
    await expect(track).toHaveAttribute("srclang", "en");
    await expect(track).not.toHaveAttribute("default");
    expect(await studentVideo.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).not.toBe("showing");
    await expectNoA11yViolations(student);
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

  test("a student uploads the resume as a PDF and the interviewer opens it from the room", async ({ browser, db }) => {
    const { booking, student, desk, close } = await sessionInRoom(db, browser, false);
    await student.goto("/dashboard?tab=profile");
    const input = student.getByLabel("Upload your resume (PDF, up to 5 MB)");
    await input.setInputFiles({ name: "resume.txt", mimeType: "text/plain", buffer: Buffer.from("not a pdf") });
    await student.getByRole("button", { name: "Upload PDF" }).click();
    await expect(student.getByText("Upload your resume as a PDF file.")).toBeVisible();
    await input.setInputFiles({
      name: "aarav.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\nAarav Sharma\n"),
    });
    await student.getByRole("button", { name: "Upload PDF" }).click();
    await expect(student.getByText("Resume uploaded. Your interviewers will see it.")).toBeVisible();
    await expectNoA11yViolations(student);

    await joinRoom(desk, booking.id);
    const link = desk.getByRole("link", { name: /Student's resume/ });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/\/api\/resume-files\/[0-9a-f-]+$/);
    const pdf = await desk.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).toString()).toContain("Aarav Sharma");
    await close();
  });
});
