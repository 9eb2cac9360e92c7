import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../shared/errors.js";
import type { RecordingConsentState, Recordings } from "../../../shared/schemas/recordings.js";
import { bookedSession, uniqueEmail } from "../../test/room-kit.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";
import { deleteExpiredRecordings } from "./service.js";

/** A WebM of `seconds` as a browser's recorder writes it: no duration header (ffmpeg's live mode). */
function recordedWebm(seconds: number): Buffer {
  const file = path.join(os.tmpdir(), `recording-${seconds}-${process.pid}.webm`);
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc=duration=${seconds}:size=160x120:rate=10`],
    ...["-f", "lavfi", "-i", `sine=duration=${seconds}`],
    ...["-c:v", "libvpx", "-c:a", "libopus", "-live", "1", "-f", "webm", file],
  ]);
  return fs.readFileSync(file);
}

const addresses = new WeakMap<TestApp, Promise<string>>();
function baseUrlOf(t: TestApp): Promise<string> {
  let address = addresses.get(t);
  if (!address) {
    address = t.app.listen({ host: "127.0.0.1", port: 0 }).then(() => {
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    addresses.set(t, address);
  }
  return address;
}

/** Speaks tus 1.0.0 as tus-js-client does: create with a deferred length, then PATCH chunk by chunk. */
async function uploadRecording(t: TestApp, cookie: string, bookingId: string, file: Buffer, chunkBytes = 64 * 1024) {
  const base = await baseUrlOf(t);
  const headers = { cookie, origin: t.app.deps.config.publicUrl, "tus-resumable": "1.0.0" };
  const created = await fetch(`${base}/api/recording-uploads`, {
    method: "POST",
    headers: {
      ...headers,
      "upload-defer-length": "1",
      "upload-metadata": `bookingId ${Buffer.from(bookingId).toString("base64")}`,
    },
  });
  if (created.status !== 201) return { status: created.status, body: await created.text() };
  const location = new URL(created.headers.get("location") ?? "", `${base}/api/recording-uploads/`).toString();
  let offset = 0;
  while (offset < file.length) {
    const chunk = file.subarray(offset, offset + chunkBytes);
    const last = offset + chunk.length === file.length;
    const sent = await fetch(location, {
      method: "PATCH",
      headers: {
        ...headers,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(offset),
        ...(last ? { "upload-length": String(file.length) } : {}),
      },
      body: new Uint8Array(chunk),
    });
    if (sent.status !== 204) return { status: sent.status, body: await sent.text(), location };
    offset = Number(sent.headers.get("upload-offset"));
  }
  return { status: 204, body: "", location };
}

async function consentedSession(t: TestApp) {
  const session = await bookedSession(t);
  const url = `/api/me/bookings/${session.booking.id}/recording-consent`;
  expect((await t.request({ method: "POST", url: `${url}/ask`, cookie: session.interviewerCookie })).statusCode).toBe(
    200,
  );
  const answered = await t.request({
    method: "POST",
    url: `${url}/answer`,
    cookie: session.studentCookie,
    payload: { accept: true },
  });
  expect(json<RecordingConsentState>(answered).state).toBe("accepted");
  return session;
}

async function recordBothSides(t: TestApp) {
  const session = await consentedSession(t);
  expect((await uploadRecording(t, session.studentCookie, session.booking.id, recordedWebm(3))).status).toBe(204);
  expect((await uploadRecording(t, session.interviewerCookie, session.booking.id, recordedWebm(2))).status).toBe(204);
  return session;
}

function listOf(t: TestApp, bookingId: string, cookie: string) {
  return t.request({ url: `/api/me/bookings/${bookingId}/recordings`, cookie });
}

/** Reads a recording's address as the player does (our route with the cookie, or a presigned URL). */
async function fetchMedia(t: TestApp, url: string, cookie: string, range?: string) {
  const absolute = url.startsWith("/") ? `${await baseUrlOf(t)}${url}` : url;
  return fetch(absolute, { headers: { cookie, ...(range ? { range } : {}) } });
}

function recordingSuite(storedFileCount: (t: TestApp) => Promise<number>) {
  return (t: () => TestApp) => {
    it("asks, records both sides resumably, measures them and plays by Range (206, video/webm)", async () => {
      const { booking, studentCookie, interviewerCookie } = await recordBothSides(t());
      const { recordings } = json<Recordings>(await listOf(t(), booking.id, studentCookie));
      expect(recordings.map((r) => [r.participant, r.status, r.contentType])).toEqual([
        ["interviewer", "ready", "video/webm"],
        ["student", "ready", "video/webm"],
      ]);
      expect(recordings.find((r) => r.participant === "student")?.durationSeconds).toBeCloseTo(3, 0);
      expect(recordings.find((r) => r.participant === "interviewer")?.durationSeconds).toBeCloseTo(2, 0);

      const student = recordings.find((r) => r.participant === "student");
      const partial = await fetchMedia(t(), student?.url ?? "", studentCookie, "bytes=100-199");
      expect(partial.status).toBe(206);
      expect(partial.headers.get("content-type")).toBe("video/webm");
      expect(partial.headers.get("content-range")).toMatch(/^bytes 100-199\/\d+$/);
      expect((await partial.arrayBuffer()).byteLength).toBe(100);
      const whole = Buffer.from(await (await fetchMedia(t(), student?.url ?? "", interviewerCookie)).arrayBuffer());
      expect(whole.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    });

    it("lets the interviewer and admins watch, nobody else (403)", async () => {
      const { booking, interviewerCookie } = await recordBothSides(t());
      expect((await listOf(t(), booking.id, interviewerCookie)).statusCode).toBe(200);
      expect((await listOf(t(), booking.id, await t().signInAdmin(uniqueEmail("admin")))).statusCode).toBe(200);
      const other = await t().signIn(uniqueEmail("student"));
      const refused = await listOf(t(), booking.id, other);
      expect(refused.statusCode).toBe(403);
      expect(json<ApiErrorBody>(refused).error.code).toBe("FORBIDDEN");
      const { recordings } = json<Recordings>(await listOf(t(), booking.id, interviewerCookie));
      const ours = recordings[0]?.url ?? "";
      if (ours.startsWith("/")) expect((await fetchMedia(t(), ours, other)).status).toBe(403);
      expect((await t().request({ url: `/api/me/bookings/${booking.id}/recordings` })).statusCode).toBe(401);
    });

    it("records nothing when the student declines", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const url = `/api/me/bookings/${booking.id}/recording-consent`;
      await t().request({ method: "POST", url: `${url}/ask`, cookie: interviewerCookie });
      const declined = await t().request({
        method: "POST",
        url: `${url}/answer`,
        cookie: studentCookie,
        payload: { accept: false },
      });
      expect(json<RecordingConsentState>(declined).state).toBe("declined");
      const again = await t().request({
        method: "POST",
        url: `${url}/answer`,
        cookie: studentCookie,
        payload: { accept: true },
      });
      expect(json<ApiErrorBody>(again).error.code).toBe("CONFLICT");
      for (const cookie of [studentCookie, interviewerCookie]) {
        const refused = await uploadRecording(t(), cookie, booking.id, recordedWebm(1));
        expect(refused.status).toBe(409);
      }
      expect(json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings).toEqual([]);
    });

    it("refuses an upload that is not WebM by its content, whatever it is called", async () => {
      const { booking, studentCookie } = await consentedSession(t());
      const notWebm = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 1)]);
      const refused = await uploadRecording(t(), studentCookie, booking.id, notWebm, 64 * 1024);
      expect(refused.status).toBe(415);
      expect(json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings).toEqual([]);
    });

    it("lets only the student delete the replay: both files go (204)", async () => {
      const { booking, studentCookie, interviewerCookie } = await recordBothSides(t());
      const before = await storedFileCount(t());
      const byInterviewer = await t().request({
        method: "DELETE",
        url: `/api/me/bookings/${booking.id}/recordings`,
        cookie: interviewerCookie,
      });
      expect(byInterviewer.statusCode).toBe(403);
      const deleted = await t().request({
        method: "DELETE",
        url: `/api/me/bookings/${booking.id}/recordings`,
        cookie: studentCookie,
      });
      expect(deleted.statusCode).toBe(204);
      expect(json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings).toEqual([]);
      expect(await storedFileCount(t())).toBe(before - 2);
    });

    it("deletes recordings past the retention period, and on the student's erasure", async () => {
      const kept = await recordBothSides(t());
      const expired = await recordBothSides(t());
      const old = new Date(Date.now() - 91 * 24 * 3600_000).toISOString();
      await t()
        .app.deps.db.updateTable("recordings")
        .set({ created_at: old })
        .where("booking_id", "=", expired.booking.id)
        .execute();
      const before = await storedFileCount(t());
      expect(await deleteExpiredRecordings(t().app.deps)).toBe(2);
      expect(await storedFileCount(t())).toBe(before - 2);
      expect(json<Recordings>(await listOf(t(), kept.booking.id, kept.studentCookie)).recordings).toHaveLength(2);

      const exported = json<{ recordings: Array<{ downloadUrl: string }> }>(
        await t().request({ url: "/api/me/export", cookie: kept.studentCookie }),
      );
      expect(exported.recordings).toHaveLength(2);
      expect(exported.recordings[0]?.downloadUrl).toMatch(/\/api\/recordings\/.+\/media$/);
      const student = await t()
        .app.deps.db.selectFrom("user")
        .select("email")
        .where("id", "=", kept.studentId)
        .executeTakeFirstOrThrow();
      const erased = await t().request({
        method: "DELETE",
        url: "/api/me",
        cookie: kept.studentCookie,
        payload: { confirm: student.email },
      });
      expect(erased.statusCode).toBe(204);
      expect(await storedFileCount(t())).toBe(before - 4);
    });
  };
}

const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-files-"));
const filesOnDisk = async () =>
  fs.existsSync(path.join(diskDir, "recordings"))
    ? fs
        .readdirSync(path.join(diskDir, "recordings"), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length
    : 0;
describeEachDialect("recordings on disk", recordingSuite(filesOnDisk), { STORAGE_DIR: diskDir });

const s3Env: Record<string, string> = {
  STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-uploads-")),
  S3_BUCKET: "careerprep-test",
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
};
let s3: S3rver | undefined;
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-s3-"));
const objectsInBucket = async () =>
  fs.readdirSync(s3Dir, { recursive: true }).filter((name) => String(name).endsWith("._S3rver_object")).length;
describe("recordings on an S3-compatible store", () => {
  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "careerprep-test", configs: [] }],
    });
    const address = (await s3.run()) as AddressInfo;
    s3Env.S3_ENDPOINT = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3?.close();
  });
  describeEachDialect("recordings on S3", recordingSuite(objectsInBucket), s3Env);
});
