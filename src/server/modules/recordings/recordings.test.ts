import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "../../../shared/errors.js";
import type { RecordingConsentState, Recordings } from "../../../shared/schemas/recordings.js";
import { bookedSession, uniqueEmail } from "../../test/room-kit.js";
import {
  buildSecondApp,
  createTestApp,
  describeEachDialect,
  json,
  postgresAvailable,
  type TestApp,
} from "../../test/test-app.js";
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

const tusHeaders = (t: TestApp, cookie: string) => ({
  cookie,
  origin: t.app.deps.config.publicUrl,
  "tus-resumable": "1.0.0",
});

/** tus creation with a deferred length, as tus-js-client starts a recording's upload. */
async function createUpload(t: TestApp, cookie: string, bookingId: string, base?: string) {
  const root = base ?? (await baseUrlOf(t));
  const created = await fetch(`${root}/api/recording-uploads`, {
    method: "POST",
    headers: {
      ...tusHeaders(t, cookie),
      "upload-defer-length": "1",
      "upload-metadata": `bookingId ${Buffer.from(bookingId).toString("base64")}`,
    },
  });
  const location = new URL(created.headers.get("location") ?? "", `${root}/api/recording-uploads/`).toString();
  return { created, location };
}

/** PATCHes `file` from `offset` on, chunk by chunk; the last chunk declares the length unless `keepOpen`. */
async function sendChunks(
  t: TestApp,
  cookie: string,
  location: string,
  file: Buffer,
  options: { offset?: number; chunkBytes?: number; keepOpen?: boolean } = {},
) {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  let offset = options.offset ?? 0;
  while (offset < file.length) {
    const chunk = file.subarray(offset, offset + chunkBytes);
    const last = offset + chunk.length === file.length && !options.keepOpen;
    const sent = await fetch(location, {
      method: "PATCH",
      headers: {
        ...tusHeaders(t, cookie),
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

/** Speaks tus 1.0.0 as tus-js-client does: create with a deferred length, then PATCH chunk by chunk. */
async function uploadRecording(t: TestApp, cookie: string, bookingId: string, file: Buffer, chunkBytes = 64 * 1024) {
  const { created, location } = await createUpload(t, cookie, bookingId);
  if (created.status !== 201) return { status: created.status, body: await created.text() };
  return sendChunks(t, cookie, location, file, { chunkBytes });
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

    it("keeps what arrived before a reload and plays it as the first part", async () => {
      const { booking, studentCookie, interviewerCookie } = await consentedSession(t());
      const first = recordedWebm(4);
      const before = await createUpload(t(), studentCookie, booking.id);
      expect(before.created.status).toBe(201);
      const cut = first.subarray(0, Math.floor(first.length * 0.6));
      const partial = await sendChunks(t(), studentCookie, before.location, cut, {
        chunkBytes: 16 * 1024,
        keepOpen: true,
      });
      expect(partial.status).toBe(204);
      // The reloaded page starts again; the upload it left is closed at what arrived.
      expect((await uploadRecording(t(), studentCookie, booking.id, recordedWebm(2))).status).toBe(204);
      expect((await uploadRecording(t(), interviewerCookie, booking.id, recordedWebm(3))).status).toBe(204);

      const { recordings } = json<Recordings>(await listOf(t(), booking.id, studentCookie));
      const student = recordings.filter((r) => r.participant === "student");
      expect(student.map((r) => [r.part, r.status])).toEqual([
        [1, "ready"],
        [2, "ready"],
      ]);
      expect(student[0]?.durationSeconds).toBeGreaterThan(1);
      expect(student[0]?.durationSeconds).toBeLessThan(4);
      expect(student[1]?.durationSeconds).toBeCloseTo(2, 0);
      const kept = await fetchMedia(t(), student[0]?.url ?? "", studentCookie);
      expect(Buffer.from(await kept.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      // The abandoned upload is gone from where uploads wait.
      expect((await fetch(before.location, { method: "HEAD", headers: tusHeaders(t(), studentCookie) })).status).toBe(
        404,
      );
    });

    it("stops recording for both when either person stops it; nothing more is recorded", async () => {
      const { booking, studentCookie, interviewerCookie } = await consentedSession(t());
      const stopUrl = `/api/me/bookings/${booking.id}/recording-consent/stop`;
      const other = await t().signIn(uniqueEmail("student"));
      expect((await t().request({ method: "POST", url: stopUrl, cookie: other })).statusCode).toBe(403);
      const uploading = await createUpload(t(), interviewerCookie, booking.id);
      const stopped = await t().request({ method: "POST", url: stopUrl, cookie: studentCookie });
      expect(stopped.statusCode).toBe(200);
      const state = json<RecordingConsentState>(stopped);
      expect(state.state).toBe("accepted");
      expect(state.stoppedAt).not.toBeNull();
      const seen = json<RecordingConsentState>(
        await t().request({ url: `/api/me/bookings/${booking.id}/recording-consent`, cookie: interviewerCookie }),
      );
      expect(seen.stoppedAt).toBe(state.stoppedAt);
      // The upload under way still takes its last bytes; a new one is refused.
      expect((await sendChunks(t(), interviewerCookie, uploading.location, recordedWebm(2))).status).toBe(204);
      const refused = await uploadRecording(t(), studentCookie, booking.id, recordedWebm(1));
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body).error.code).toBe("CONFLICT");
      const list = json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings;
      expect(list.map((r) => [r.participant, r.status])).toEqual([["interviewer", "uploaded"]]);
    });

    it("answers the tus protocol's refusals in our error shape, with the tus headers kept", async () => {
      const { booking, studentCookie } = await consentedSession(t());
      const { location } = await createUpload(t(), studentCookie, booking.id);
      const file = recordedWebm(1);
      const wrongOffset = await fetch(location, {
        method: "PATCH",
        headers: {
          ...tusHeaders(t(), studentCookie),
          "content-type": "application/offset+octet-stream",
          "upload-offset": "100",
        },
        body: new Uint8Array(file.subarray(0, 10)),
      });
      expect(wrongOffset.status).toBe(409);
      expect(wrongOffset.headers.get("tus-resumable")).toBe("1.0.0");
      expect(wrongOffset.headers.get("content-type")).toMatch(/^application\/json/);
      const conflict = (await wrongOffset.json()) as ApiErrorBody;
      expect(conflict.error.code).toBe("CONFLICT");
      expect(conflict.error.message).toMatch(/offset/);

      const patch = (headers: Record<string, string>) =>
        fetch(location, {
          method: "PATCH",
          headers: {
            origin: t().app.deps.config.publicUrl,
            "content-type": "application/offset+octet-stream",
            "upload-offset": "0",
            ...headers,
          },
          body: new Uint8Array(file.subarray(0, 10)),
        });
      const noVersion = await patch({ cookie: studentCookie });
      expect(noVersion.status).toBe(412);
      expect(noVersion.headers.get("tus-resumable")).toBe("1.0.0");
      expect(((await noVersion.json()) as ApiErrorBody).error.code).toBe("BAD_REQUEST");

      const signedOut = await patch({ "tus-resumable": "1.0.0" });
      expect(signedOut.status).toBe(401);
      expect(signedOut.headers.get("tus-resumable")).toBe("1.0.0");
      expect(((await signedOut.json()) as ApiErrorBody).error.code).toBe("UNAUTHENTICATED");

      const whereItStands = await fetch(location, { method: "HEAD", headers: tusHeaders(t(), studentCookie) });
      expect(whereItStands.status).toBe(200);
      expect(whereItStands.headers.get("upload-offset")).toBe("0");
    });

    it("takes WebVTT captions for a recording and serves them for the player's track", async () => {
      const { booking, studentCookie, interviewerCookie } = await recordBothSides(t());
      const [first] = json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings;
      const url = `/api/recordings/${first?.id}/captions`;
      const put = (cookie: string, payload: string, type = "text/vtt") =>
        t().request({ method: "PUT", url, cookie, headers: { "content-type": type }, payload });
      const vtt = "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nTell me about yourself.\n";
      const bad = await put(interviewerCookie, "00:00 Tell me about yourself");
      expect(bad.statusCode).toBe(400);
      expect(json<ApiErrorBody>(bad).error.code).toBe("VALIDATION");
      expect((await put(interviewerCookie, vtt, "text/plain")).statusCode).toBe(415);
      expect((await put(await t().signIn(uniqueEmail("student")), vtt)).statusCode).toBe(403);
      expect((await put(interviewerCookie, vtt)).statusCode).toBe(204);

      const listed = json<Recordings>(await listOf(t(), booking.id, studentCookie)).recordings;
      expect(listed.find((r) => r.id === first?.id)?.captionsUrl).toBe(url);
      expect(listed.find((r) => r.id !== first?.id)?.captionsUrl).toBeNull();
      const served = await t().request({ url, cookie: studentCookie });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toMatch(/^text\/vtt/);
      expect(served.body).toBe(vtt);
      const deleted = await t().request({
        method: "DELETE",
        url: `/api/me/bookings/${booking.id}/recordings`,
        cookie: studentCookie,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await t().request({ url, cookie: studentCookie })).statusCode).toBe(404);
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
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/**
 * s3rver lacks two multipart calls that resumable uploads use (ListParts, AbortMultipartUpload):
 * they are answered here from its own folder of parts (`<bucket>/._S3rver_uploads/<id>/<n>`),
 * in S3's XML, ahead of its routes.
 */
function withMultipartListing(server: S3rver, directory: string): void {
  const middleware = (server as unknown as { middleware: unknown[] }).middleware;
  middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = "", ...key] = ctx.path.split("/");
    if (!uploadId || ctx.query.partNumber || !["GET", "DELETE"].includes(ctx.method)) return next();
    const partsDir = path.join(directory, bucket, "._S3rver_uploads", uploadId);
    ctx.type = "application/xml";
    if (!fs.existsSync(partsDir)) {
      ctx.status = 404;
      ctx.body = "<Error><Code>NoSuchUpload</Code><Message>The upload does not exist.</Message></Error>";
    } else if (ctx.method === "DELETE") {
      fs.rmSync(partsDir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = "";
    } else {
      const numbers = fs
        .readdirSync(partsDir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b);
      const parts = numbers.map((n) => {
        const md5 = fs.readFileSync(path.join(partsDir, `${n}.md5`), "utf8");
        const size = fs.statSync(path.join(partsDir, String(n))).size;
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      });
      ctx.status = 200;
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join("/")}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
    }
  });
}

describe("recordings on an S3-compatible store", () => {
  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "careerprep-test", configs: [] }],
    });
    withMultipartListing(s3, s3Dir);
    const address = (await s3.run()) as AddressInfo;
    s3Env.S3_ENDPOINT = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3?.close();
  });
  describeEachDialect("recordings on S3", recordingSuite(objectsInBucket), s3Env);
  (postgresAvailable() ? describe : describe.skip)(
    "recordings on S3 with two instances and no shared folder",
    twoInstancesOnS3,
  );
});

function twoInstancesOnS3() {
  const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-second-"));
  let first: TestApp | undefined;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    first = await createTestApp("postgres", s3Env);
    second = await buildSecondApp(first, { ...s3Env, STORAGE_DIR: secondDir });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  const filesIn = (dir: string) =>
    fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  it("goes on with an upload on the other instance: the bytes so far wait in the bucket", async () => {
    if (!first || !second) throw new Error("apps not started");
    const { booking, studentCookie, interviewerCookie } = await consentedSession(first);
    const file = recordedWebm(3);
    const { location } = await createUpload(first, studentCookie, booking.id);
    const half = Math.floor(file.length / 2);
    const sent = await sendChunks(first, studentCookie, location, file.subarray(0, half), { keepOpen: true });
    expect(sent.status).toBe(204);
    expect(filesIn(s3Env.STORAGE_DIR ?? "") + filesIn(secondDir)).toBe(0);

    await second.listen({ host: "127.0.0.1", port: 0 });
    const secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const onSecond = `${secondBase}${new URL(location).pathname}`;
    const head = await fetch(onSecond, { method: "HEAD", headers: tusHeaders(first, studentCookie) });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    expect((await sendChunks(first, studentCookie, onSecond, file, { offset: half })).status).toBe(204);
    const interviewer = await createUpload(first, interviewerCookie, booking.id, secondBase);
    expect((await sendChunks(first, interviewerCookie, interviewer.location, recordedWebm(2))).status).toBe(204);

    const { recordings } = json<Recordings>(await listOf(first, booking.id, studentCookie));
    expect(recordings.map((r) => [r.participant, r.status])).toEqual([
      ["interviewer", "ready"],
      ["student", "ready"],
    ]);
    expect(recordings.find((r) => r.participant === "student")?.durationSeconds).toBeCloseTo(3, 0);
    expect(filesIn(s3Env.STORAGE_DIR ?? "") + filesIn(secondDir)).toBe(0);
  });
}
