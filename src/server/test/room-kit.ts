import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import * as Y from "yjs";
import type { RoomServerMessage } from "../../shared/schemas/rooms.js";
import { buildBooking, buildCompletedProfile, buildInterviewer, buildSlot, findUserId } from "./builders.js";
import type { TestApp } from "./test-app.js";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.com`;
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A booked mock interview with its signed-in student and interviewer; it starts `startsInMinutes` from now. */
export async function bookedSession(t: TestApp, startsInMinutes = 5, lengthMinutes = 60) {
  const db = t.app.deps.db;
  const interviewerEmail = uniqueEmail("interviewer");
  const interviewer = await buildInterviewer(db, { email: interviewerEmail, name: "Rahul Menon" });
  const studentEmail = uniqueEmail("student");
  const studentCookie = await t.signIn(studentEmail);
  const studentId = await findUserId(db, studentEmail);
  await buildCompletedProfile(db, studentId, { first_name: "Aarav", last_name: "Sharma" });
  await db
    .insertInto("resumes")
    .values({ user_id: studentId, url: "https://drive.example/aarav.pdf", updated_at: new Date().toISOString() })
    .execute();
  const slot = await buildSlot(db, {
    interviewer_id: interviewer.id,
    interviewer_name: interviewer.name,
    interviewer_email: interviewer.email,
    start_at: minutesFromNow(startsInMinutes),
    end_at: minutesFromNow(startsInMinutes + lengthMinutes),
    meeting_link: "https://meet.example/backup",
  });
  const booking = await buildBooking(db, { user_id: studentId, target_id: slot.id });
  const interviewerCookie = await t.signIn(interviewerEmail);
  return { booking, slot, interviewer, studentId, studentCookie, interviewerCookie };
}

/** A room's live connection in a test, with the messages it received in order. */
export interface TestSocket {
  socket: WebSocket;
  /** The next received message of this type (waiting for it), skipping the others before it. */
  next<T extends RoomServerMessage["type"]>(type: T): Promise<Extract<RoomServerMessage, { type: T }>>;
  closed: Promise<{ code: number }>;
}

const addresses = new WeakMap<FastifyInstance, Promise<string>>();

/** The app's address on loopback, listening from the first call on (a room's connection is a real socket). */
function addressOf(app: FastifyInstance): Promise<string> {
  let address = addresses.get(app);
  if (!address) {
    address = app.listen({ host: "127.0.0.1", port: 0 }).then(() => {
      const { port } = app.server.address() as AddressInfo;
      return `ws://127.0.0.1:${port}`;
    });
    addresses.set(app, address);
  }
  return address;
}

/** Opens a room's live connection as a browser would: its cookie, our origin (or `origin`). */
export async function openRoomSocket(
  app: FastifyInstance,
  bookingId: string,
  cookie: string,
  origin = app.deps.config.publicUrl,
): Promise<TestSocket> {
  const received: RoomServerMessage[] = [];
  const waiters: Array<() => void> = [];
  const socket = new WebSocket(`${await addressOf(app)}/api/rooms/${bookingId}/live`, { headers: { cookie, origin } });
  socket.on("message", (raw) => {
    received.push(JSON.parse(raw.toString()) as RoomServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once("error", reject);
  });
  return {
    socket,
    closed,
    async next(type) {
      for (;;) {
        const index = received.findIndex((message) => message.type === type);
        if (index >= 0) return received.splice(0, index + 1).at(-1) as never;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

/** A Yjs update that types `text` into a fresh copy of the shared editor (and picks `language`). */
export function typedUpdate(text: string, language?: string): string {
  const doc = new Y.Doc();
  doc.getText("code").insert(0, text);
  if (language) doc.getMap("meta").set("language", language);
  return Buffer.from(Y.encodeStateAsUpdate(doc)).toString("base64");
}

export function textOf(update: string): string {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(update, "base64"));
  return doc.getText("code").toString();
}
