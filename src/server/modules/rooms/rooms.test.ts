import { createHmac } from "node:crypto";
import { EventEmitter } from "node:events";
import { expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { ApiErrorBody } from "../../../shared/errors.js";
import type { Room, RoomCode, RoomNote, RoomNotesPage } from "../../../shared/schemas/rooms.js";
import {
  buildBooking,
  buildCompletedProfile,
  buildInternship,
  buildInterviewer,
  buildSlot,
  findUserId,
} from "../../test/builders.js";
import {
  bookedSession,
  minutesFromNow,
  openRoomSocket,
  textOf,
  typedUpdate,
  uniqueEmail,
} from "../../test/room-kit.js";
import { describeEachDialect, describeTwoInstances, json } from "../../test/test-app.js";
import { RoomHub } from "./live.js";
import { findCodeUpdates, findRoomBooking } from "./repository.js";

/** A connection the hub can take, keeping what it is sent. */
class RecordingSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: { type: string; update?: string }[] = [];
  send(text: string) {
    this.sent.push(JSON.parse(text) as { type: string; update?: string });
  }
  ping() {}
  close() {
    this.readyState = 3;
    this.emit("close");
  }
}

const TURN_SECRET = "a-coturn-static-auth-secret";
const ICE_ENV = {
  STUN_URLS: "stun:stun.example.in:3478",
  TURN_URLS: "turn:turn.example.in:3478?transport=udp,turns:turn.example.in:5349",
  TURN_SECRET,
};

describeEachDialect(
  "the interview room",
  (t) => {
    it("lets in the session's student and interviewer, each seeing the other's name", async () => {
      const { booking, slot, studentCookie, interviewerCookie } = await bookedSession(t());
      const student = await t().request({ url: `/api/rooms/${booking.id}`, cookie: studentCookie });
      expect(student.statusCode).toBe(200);
      const room = json<Room>(student);
      expect(room).toMatchObject({ role: "student", peer: { name: "Rahul Menon" }, resumeUrl: null });
      expect(room.backupLink).toBe("https://meet.example/backup");
      expect(Date.parse(room.opensAt)).toBe(Date.parse(slot.start_at) - 10 * 60_000);
      expect(Date.parse(room.closesAt)).toBe(Date.parse(slot.end_at) + 30 * 60_000);

      const interviewer = json<Room>(await t().request({ url: `/api/rooms/${booking.id}`, cookie: interviewerCookie }));
      expect(interviewer).toMatchObject({
        role: "interviewer",
        peer: { name: "Aarav Sharma" },
        resumeUrl: "https://drive.example/aarav.pdf",
      });
    });

    it("gives STUN servers and a short-lived TURN credential in coturn's REST-API scheme", async () => {
      const { booking, studentCookie, studentId } = await bookedSession(t());
      const before = Math.floor(Date.now() / 1000);
      const room = json<Room>(await t().request({ url: `/api/rooms/${booking.id}`, cookie: studentCookie }));
      expect(room.iceServers[0]).toEqual({ urls: ["stun:stun.example.in:3478"] });
      const turn = room.iceServers[1];
      expect(turn?.urls).toEqual(["turn:turn.example.in:3478?transport=udp", "turns:turn.example.in:5349"]);
      const [expiry, userId] = (turn?.username ?? "").split(":");
      expect(userId).toBe(studentId);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 4 * 3600);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 4 * 3600);
      const expected = createHmac("sha1", TURN_SECRET)
        .update(turn?.username ?? "")
        .digest("base64");
      expect(turn?.credential).toBe(expected);
    });

    it("refuses the signed-out (401), another student, another interviewer and an admin (403)", async () => {
      const { booking } = await bookedSession(t());
      const url = `/api/rooms/${booking.id}`;
      expect((await t().request({ url })).statusCode).toBe(401);
      const otherEmail = uniqueEmail("interviewer");
      await buildInterviewer(t().app.deps.db, { email: otherEmail });
      for (const cookie of [
        await t().signIn(uniqueEmail("student")),
        await t().signIn(otherEmail),
        await t().signInAdmin(uniqueEmail("admin")),
      ]) {
        const res = await t().request({ url, cookie });
        expect(res.statusCode).toBe(403);
        expect(json<ApiErrorBody>(res).error.message).toBe(
          "This room is for the student and the interviewer of this session only.",
        );
        expect((await t().request({ url: `${url}/code`, cookie })).statusCode).toBe(403);
      }
      const unknown = await t().request({ url: "/api/rooms/no-such-booking", cookie: await t().signIn(otherEmail) });
      expect(unknown.statusCode).toBe(403);
    });

    it("is closed until 10 minutes before the start, saying when it opens", async () => {
      const { booking, slot, studentCookie } = await bookedSession(t(), 11);
      const res = await t().request({ url: `/api/rooms/${booking.id}`, cookie: studentCookie });
      expect(res.statusCode).toBe(409);
      const { error } = json<ApiErrorBody>(res);
      expect(error.code).toBe("ROOM_NOT_OPEN");
      expect(error.message).toMatch(/^The room is not open yet\. It opens at .+ IST\.$/);
      const opensAt = new Date(Date.parse(slot.start_at) - 10 * 60_000).toISOString();
      expect(error.details).toEqual({ opensAt, closesAt: expect.any(String) });
      await expect(openRoomSocket(t().app, booking.id, studentCookie)).rejects.toThrow("refused: 409");
    });

    it("closes 30 minutes after the end, and with the booking cancelled or moved", async () => {
      const ended = await bookedSession(t(), -91, 60);
      const res = await t().request({ url: `/api/rooms/${ended.booking.id}`, cookie: ended.studentCookie });
      expect(res.statusCode).toBe(409);
      expect(json<ApiErrorBody>(res).error).toMatchObject({ code: "ROOM_CLOSED" });

      const cancelled = await bookedSession(t());
      await t()
        .app.deps.db.updateTable("bookings")
        .set({ status: "cancelled" })
        .where("id", "=", cancelled.booking.id)
        .execute();
      const refused = await t().request({ url: `/api/rooms/${cancelled.booking.id}`, cookie: cancelled.studentCookie });
      expect(json<ApiErrorBody>(refused).error).toEqual({
        code: "ROOM_CLOSED",
        message: "This session was cancelled or moved, so this room is closed.",
        details: expect.any(Object),
      });

      const moved = await bookedSession(t());
      const later = await buildSlot(t().app.deps.db, {
        interviewer_id: moved.interviewer.id,
        start_at: minutesFromNow(24 * 60),
        end_at: minutesFromNow(25 * 60),
      });
      await t()
        .app.deps.db.updateTable("bookings")
        .set({ target_id: later.id })
        .where("id", "=", moved.booking.id)
        .execute();
      const old = await t().request({ url: `/api/rooms/${moved.booking.id}`, cookie: moved.studentCookie });
      expect(json<ApiErrorBody>(old).error.code).toBe("ROOM_NOT_OPEN");
    });

    it("an internship's onboarding call meets in the booking's room: the student and their mentor only", async () => {
      const { db } = t().app.deps;
      const mentorEmail = uniqueEmail("mentor");
      const mentor = await buildInterviewer(db, { email: mentorEmail, name: "Meera Nair", mentor_track: "int_mobile" });
      const batch = await buildInternship(db, {
        title: "Mobile App Internship",
        track_key: "int_mobile",
        meeting_link: "https://meet.example/mobile-batch",
      });
      const studentEmail = uniqueEmail("intern");
      const studentCookie = await t().signIn(studentEmail);
      const studentId = await findUserId(db, studentEmail);
      await buildCompletedProfile(db, studentId, { first_name: "Riya", last_name: "Das" });
      const booking = await buildBooking(db, {
        user_id: studentId,
        target_id: batch.id,
        kind: "internship",
        package_key: "int_mobile",
      });
      const url = `/api/rooms/${booking.id}`;
      // Before a call is booked, the internship has no room.
      expect((await t().request({ url, cookie: studentCookie })).statusCode).toBe(403);
      const startAt = minutesFromNow(5);
      await db
        .insertInto("onboarding_calls")
        .values({
          id: `call-${booking.id}`,
          booking_id: booking.id,
          mentor_id: mentor.id,
          start_at: startAt,
          end_at: minutesFromNow(35),
          join_url: batch.meeting_link,
          created_at: new Date().toISOString(),
        })
        .execute();

      const student = json<Room>(await t().request({ url, cookie: studentCookie }));
      expect(student).toMatchObject({
        role: "student",
        peer: { name: "Meera Nair" },
        title: "Onboarding call: Mobile App Internship",
        backupLink: "https://meet.example/mobile-batch",
      });
      expect(Date.parse(student.opensAt)).toBe(Date.parse(startAt) - 10 * 60_000);
      const mentorCookie = await t().signIn(mentorEmail);
      expect(json<Room>(await t().request({ url, cookie: mentorCookie }))).toMatchObject({
        role: "interviewer",
        peer: { name: "Riya Das" },
      });
      const otherMentor = uniqueEmail("mentor");
      await buildInterviewer(db, { email: otherMentor, mentor_track: "int_mobile" });
      expect((await t().request({ url, cookie: await t().signIn(otherMentor) })).statusCode).toBe(403);

      const socket = await openRoomSocket(t().app, booking.id, studentCookie);
      socket.socket.close();
      await db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", booking.id).execute();
      expect(json<ApiErrorBody>(await t().request({ url, cookie: studentCookie })).error.code).toBe("ROOM_CLOSED");
    });

    it("ends open connections when the booking is cancelled", async () => {
      const { booking, slot, studentCookie } = await bookedSession(t());
      const student = await openRoomSocket(t().app, booking.id, studentCookie);
      await student.next("welcome");
      await t().app.deps.db.updateTable("bookings").set({ status: "cancelled" }).where("id", "=", booking.id).execute();
      await t().app.deps.bus.publish({ topic: "slots", slotId: slot.id });
      expect(await student.next("closed")).toMatchObject({ code: "ROOM_CLOSED" });
      expect((await student.closed).code).toBe(4009);
    });

    it("refuses a live connection from another site", async () => {
      const { booking, studentCookie } = await bookedSession(t());
      await expect(openRoomSocket(t().app, booking.id, studentCookie, "https://evil.example")).rejects.toThrow(
        "refused: 403",
      );
    });

    it("passes WebRTC messages to the other person only, and tells each when the other comes and goes", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const student = await openRoomSocket(t().app, booking.id, studentCookie);
      await student.next("welcome");
      const interviewer = await openRoomSocket(t().app, booking.id, interviewerCookie);
      await interviewer.next("welcome");
      expect(await student.next("peer")).toMatchObject({ present: true });
      expect(await interviewer.next("peer")).toMatchObject({ present: true });

      const offer = { description: { type: "offer", sdp: `v=0\r\n${"a=x\r\n".repeat(3000)}` } };
      student.socket.send(JSON.stringify({ type: "signal", data: offer }));
      expect((await interviewer.next("signal")).data).toEqual(offer);

      interviewer.socket.close();
      expect(await student.next("peer")).toMatchObject({ present: false });
      student.socket.close();
    });

    it("keeps the same person in one place: a second tab replaces the first", async () => {
      const { booking, studentCookie } = await bookedSession(t());
      const first = await openRoomSocket(t().app, booking.id, studentCookie);
      await first.next("welcome");
      const second = await openRoomSocket(t().app, booking.id, studentCookie);
      await second.next("welcome");
      expect(await first.next("closed")).toMatchObject({ code: "REPLACED" });
      expect((await first.closed).code).toBe(4010);
      second.socket.close();
    });

    it("saves the shared editor: what one types reaches the other and survives a reload", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const student = await openRoomSocket(t().app, booking.id, studentCookie);
      const interviewer = await openRoomSocket(t().app, booking.id, interviewerCookie);
      await student.next("welcome");
      await interviewer.next("welcome");
      const update = typedUpdate("def two_sum(nums, target):\n    pass\n", "python");
      student.socket.send(JSON.stringify({ type: "code", update }));
      expect(textOf((await interviewer.next("code")).update)).toBe("def two_sum(nums, target):\n    pass\n");
      student.socket.close();
      await student.closed;

      const reloaded = await openRoomSocket(t().app, booking.id, studentCookie);
      expect(textOf((await reloaded.next("welcome")).code)).toBe("def two_sum(nums, target):\n    pass\n");
      reloaded.socket.close();
      interviewer.socket.close();

      const saved = await t().request({ url: `/api/rooms/${booking.id}/code`, cookie: interviewerCookie });
      expect(json<RoomCode>(saved)).toEqual({ language: "python", text: "def two_sum(nums, target):\n    pass\n" });
    });

    it("refuses an editor message that is not a Yjs update, and keeps the connection", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const student = await openRoomSocket(t().app, booking.id, studentCookie);
      await student.next("welcome");
      const interviewer = await openRoomSocket(t().app, booking.id, interviewerCookie);
      student.socket.send(JSON.stringify({ type: "code", update: Buffer.from("not yjs at all").toString("base64") }));
      expect(await student.next("error")).toMatchObject({ code: "BAD_REQUEST" });
      student.socket.send("{");
      expect(await student.next("error")).toMatchObject({ code: "BAD_REQUEST" });
      student.socket.send(JSON.stringify({ type: "code", update: typedUpdate("print(1)") }));
      expect(textOf((await interviewer.next("code")).update)).toBe("print(1)");
      student.socket.close();
      interviewer.socket.close();
      const saved = await t().request({ url: `/api/rooms/${booking.id}/code`, cookie: studentCookie });
      expect(json<RoomCode>(saved)).toEqual({ language: "python", text: "print(1)" });
    });

    it("gives a newcomer an update saved while its document was being read, after its welcome", async () => {
      const { booking } = await bookedSession(t());
      const roomBooking = await findRoomBooking(t().app.deps.db, booking.id);
      if (!roomBooking) throw new Error("no room booking");
      const hub = new RoomHub(t().app.deps);
      const student = new RecordingSocket();
      const interviewer = new RecordingSocket();
      const asSocket = (socket: RecordingSocket) => socket as unknown as WebSocket;
      try {
        await hub.join(roomBooking, "student", undefined, asSocket(student), async () => "");
        await hub.join(roomBooking, "interviewer", undefined, asSocket(interviewer), async () => {
          // The interviewer's document was read before the student's line: the student types it now.
          student.emit("message", Buffer.from(JSON.stringify({ type: "code", update: typedUpdate("print(2)") })));
          for (let waited = 0; waited < 5_000; waited += 25) {
            if ((await findCodeUpdates(t().app.deps.db, booking.id)).length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          await new Promise((resolve) => setTimeout(resolve, 200)); // the update's event goes round
          return "";
        });
        for (let waited = 0; waited < 5_000 && !interviewer.sent.some((m) => m.type === "code"); waited += 25) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(interviewer.sent[0]?.type).toBe("welcome");
        const update = interviewer.sent.find((m) => m.type === "code")?.update;
        expect(textOf(update ?? "")).toBe("print(2)");
      } finally {
        student.close();
        interviewer.close();
        hub.close();
      }
    });

    it("keeps the final code after the room has closed, an empty document when nothing was typed", async () => {
      const ended = await bookedSession(t(), -120, 60);
      const res = await t().request({ url: `/api/rooms/${ended.booking.id}/code`, cookie: ended.studentCookie });
      expect(res.statusCode).toBe(200);
      expect(json<RoomCode>(res)).toEqual({ language: "python", text: "" });
    });

    it("keeps the interviewer's notes private and timed from the session's start", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t(), -5);
      const url = `/api/rooms/${booking.id}/notes`;
      const first = await t().request({
        method: "POST",
        url,
        cookie: interviewerCookie,
        payload: { text: "Clear intro" },
      });
      expect(first.statusCode).toBe(201);
      const note = json<RoomNote>(first);
      expect(note.text).toBe("Clear intro");
      expect(note.atSecond).toBeGreaterThanOrEqual(299);
      expect(note.atSecond).toBeLessThan(330);
      await t().request({ method: "POST", url, cookie: interviewerCookie, payload: { text: "Missed edge case" } });

      expect((await t().request({ url, cookie: studentCookie })).statusCode).toBe(403);
      const studentWrite = await t().request({ method: "POST", url, cookie: studentCookie, payload: { text: "hi" } });
      expect(studentWrite.statusCode).toBe(403);
      expect(json<ApiErrorBody>(studentWrite).error.message).toBe("Only the interviewer can see and write notes.");

      const page1 = json<RoomNotesPage>(await t().request({ url: `${url}?limit=1`, cookie: interviewerCookie }));
      expect(page1.notes.map((n) => n.text)).toEqual(["Clear intro"]);
      const page2 = json<RoomNotesPage>(
        await t().request({ url: `${url}?limit=1&cursor=${page1.nextCursor}`, cookie: interviewerCookie }),
      );
      expect(page2).toMatchObject({ notes: [{ text: "Missed edge case" }], nextCursor: null });
      const empty = await t().request({ method: "POST", url, cookie: interviewerCookie, payload: { text: "   " } });
      expect(empty.statusCode).toBe(400);
    });

    it("forgets the session's code and the notes about the student when the student deletes their account", async () => {
      const { booking, studentCookie, interviewerCookie } = await bookedSession(t());
      const email = json<{ user: { email: string } }>(await t().request({ url: "/api/me", cookie: studentCookie })).user
        .email;
      const notes = `/api/rooms/${booking.id}/notes`;
      await t().request({ method: "POST", url: notes, cookie: interviewerCookie, payload: { text: "Nervous start" } });
      const student = await openRoomSocket(t().app, booking.id, studentCookie);
      const interviewer = await openRoomSocket(t().app, booking.id, interviewerCookie);
      await student.next("welcome");
      student.socket.send(JSON.stringify({ type: "code", update: typedUpdate("SELECT name FROM students;", "sql") }));
      await interviewer.next("code");
      interviewer.socket.close();

      const erased = await t().request({
        method: "DELETE",
        url: "/api/me",
        cookie: studentCookie,
        payload: { confirm: email },
      });
      expect(erased.statusCode).toBe(204);
      expect(json(await t().request({ url: `/api/rooms/${booking.id}/code`, cookie: interviewerCookie }))).toEqual({
        language: "python",
        text: "",
      });
      expect(json<RoomNotesPage>(await t().request({ url: notes, cookie: interviewerCookie })).notes).toEqual([]);
    });
  },
  ICE_ENV,
);

describeTwoInstances("the interview room across two processes on one PostgreSQL", (apps) => {
  it("connects a student on one process with the interviewer on the other", async () => {
    const { first, second } = apps();
    const { booking, studentCookie, interviewerCookie } = await bookedSession(first);
    const student = await openRoomSocket(first.app, booking.id, studentCookie);
    await student.next("welcome");
    const interviewer = await openRoomSocket(second, booking.id, interviewerCookie);
    await interviewer.next("welcome");
    expect(await student.next("peer")).toMatchObject({ present: true });
    expect(await interviewer.next("peer")).toMatchObject({ present: true });

    // Larger than a NOTIFY payload may be (8000 bytes), as a real offer can be.
    const offer = { description: { type: "offer", sdp: `v=0\r\n${"a=candidate\r\n".repeat(1000)}` } };
    interviewer.socket.send(JSON.stringify({ type: "signal", data: offer }));
    expect((await student.next("signal")).data).toEqual(offer);
    student.socket.send(JSON.stringify({ type: "code", update: typedUpdate("SELECT 1;", "sql") }));
    expect(textOf((await interviewer.next("code")).update)).toBe("SELECT 1;");
    student.socket.close();
    expect(await interviewer.next("peer")).toMatchObject({ present: false });
    interviewer.socket.close();
  });
});
