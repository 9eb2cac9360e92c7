import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { ApiErrorBody } from "../../../shared/errors.js";
import type { ResumeFile } from "../../../shared/schemas/recordings.js";
import type { Room } from "../../../shared/schemas/rooms.js";
import { bookedSession, uniqueEmail } from "../../test/room-kit.js";
import { describeEachDialect, json, type TestApp } from "../../test/test-app.js";

const pdfOf = (text: string, padding = 0) =>
  Buffer.concat([Buffer.from(`%PDF-1.7\n${text}\n`), Buffer.alloc(padding, 32)]);

function upload(t: TestApp, cookie: string, body: Buffer, contentType = "application/pdf") {
  return t.request({
    method: "PUT",
    url: "/api/me/resume-file",
    cookie,
    headers: { "content-type": contentType },
    payload: body,
  });
}

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "careerprep-resumes-"));

describeEachDialect(
  "resumes as files",
  (t) => {
    it("stores a PDF the interviewer then sees in the room and can open; others cannot (403)", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const uploaded = await upload(t(), studentCookie, pdfOf("Aarav Sharma, B.Tech"));
      expect(uploaded.statusCode).toBe(200);
      const file = json<ResumeFile>(uploaded);
      const room = json<Room>(await t().request({ url: `/api/rooms/${booking.id}`, cookie: interviewerCookie }));
      expect(room.resumeUrl).toBe(file.url);
      const path = new URL(file.url).pathname;
      const read = await t().request({ url: path, cookie: interviewerCookie });
      expect(read.statusCode).toBe(200);
      expect(read.headers["content-type"]).toBe("application/pdf");
      expect(read.body).toContain("Aarav Sharma, B.Tech");
      const stranger = await t().request({ url: path, cookie: await t().signIn(uniqueEmail("student")) });
      expect(stranger.statusCode).toBe(403);
    });

    it("refuses what is not a PDF by its content, and anything over 5 MB", async () => {
      const cookie = await t().signIn(uniqueEmail("student"));
      const renamed = await upload(t(), cookie, Buffer.from("<html>not a resume</html>"));
      expect(renamed.statusCode).toBe(415);
      expect(json<ApiErrorBody>(renamed).error.message).toBe("Upload your resume as a PDF file.");
      const large = await upload(t(), cookie, pdfOf("big", 5 * 1024 * 1024));
      expect(large.statusCode).toBe(413);
    });

    it("keeps a replaced resume while a booking made with it is to come, and drops one no booking needs", async () => {
      const cookie = await t().signIn(uniqueEmail("student"));
      const first = json<ResumeFile>(await upload(t(), cookie, pdfOf("first")));
      const second = json<ResumeFile>(await upload(t(), cookie, pdfOf("second")));
      expect((await t().request({ url: new URL(first.url).pathname, cookie })).statusCode).toBe(404);
      expect((await t().request({ url: new URL(second.url).pathname, cookie })).statusCode).toBe(200);

      const { studentCookie } = await bookedSession(t(), 60);
      const booked = json<ResumeFile>(await upload(t(), studentCookie, pdfOf("before the booking")));
      await t()
        .app.deps.db.updateTable("resume_files")
        .set({ created_at: new Date(Date.now() - 3600_000).toISOString() })
        .where("id", "=", booked.id)
        .execute();
      await upload(t(), studentCookie, pdfOf("after the booking"));
      expect((await t().request({ url: new URL(booked.url).pathname, cookie: studentCookie })).statusCode).toBe(200);
    });
  },
  { STORAGE_DIR: storageDir },
);
