import * as Y from "yjs";
import { ROOM_MESSAGES } from "../../../../shared/room-messages.js";
import { ROOM_CLOSE, type RoomRole, type RoomServerMessage } from "../../../../shared/schemas/rooms.js";
import { ApiError, apiFetch } from "../../../lib/api.js";
import { retryDelay } from "../../../lib/query-client.js";
import { PeerLink, type PeerSignal } from "./peer-link.js";

export type ConnectionState = "connecting" | "connected" | "reconnecting";

export interface RoomSnapshot {
  connection: ConnectionState;
  peerPresent: boolean;
  remoteStream: MediaStream | null;
  /** Why the room ended for this person (closed, opened elsewhere, signed out); null while in it. */
  ended: string | null;
  /** A message the server refused (the editor's document too large, say). */
  notice: string | null;
}

export interface RoomSessionOptions {
  bookingId: string;
  role: RoomRole;
  rtc: RTCConfiguration;
  media: MediaStream | null;
  doc: Y.Doc;
}

/** Updates that came from the server: applied to the document, never sent back. */
const FROM_SERVER = Symbol("room-server");
const ENDING_CLOSE_CODES = new Set<number>(Object.values(ROOM_CLOSE));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * One person in a room: the live connection to our server (WebRTC negotiation and the shared
 * editor's Yjs updates), the call to the other person, and reconnection. A lost connection is
 * opened again with backoff (at once when the browser is back online); the other person's new
 * connection starts a new call. Read by React through subscribe/getSnapshot.
 */
export class RoomSession {
  private socket: WebSocket | undefined;
  private link: PeerLink | undefined;
  private me: string | undefined;
  private peer: string | undefined;
  private everConnected = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private left = false;
  private snapshot: RoomSnapshot = {
    connection: "connecting",
    peerPresent: false,
    remoteStream: null,
    ended: null,
    notice: null,
  };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: RoomSessionOptions) {
    options.doc.on("update", this.onDocUpdate);
    window.addEventListener("online", this.onOnline);
    this.connect();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Sends another camera or microphone (or none) to the other person. */
  replaceTrack(kind: "audio" | "video", track: MediaStreamTrack | null): void {
    void this.link?.replaceTrack(kind, track);
  }

  leave(): void {
    this.left = true;
    clearTimeout(this.retryTimer);
    this.options.doc.off("update", this.onDocUpdate);
    window.removeEventListener("online", this.onOnline);
    this.link?.close();
    this.socket?.close(1000);
  }

  private update(change: Partial<RoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private connect(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${this.options.bookingId}/live`);
    this.socket = socket;
    socket.onmessage = (event) => this.onMessage(JSON.parse(String(event.data)) as RoomServerMessage);
    socket.onclose = (event) => {
      if (this.socket !== socket || this.left) return;
      if (ENDING_CLOSE_CODES.has(event.code)) {
        this.end(this.snapshot.ended ?? ROOM_MESSAGES.closed);
        return;
      }
      this.update({ connection: "reconnecting" });
      this.retryTimer = setTimeout(() => void this.reconnect(), retryDelay(this.attempt++));
    };
  }

  /** Before opening the connection again, asks whether the room still takes this person (closed, cancelled…). */
  private async reconnect(): Promise<void> {
    try {
      await apiFetch(`/api/rooms/${encodeURIComponent(this.options.bookingId)}`);
    } catch (err) {
      if (err instanceof ApiError && !err.isNetwork && err.status < 500) {
        this.end(err.message);
        return;
      }
    }
    if (!this.left) this.connect();
  }

  private end(message: string): void {
    this.link?.close();
    this.link = undefined;
    this.update({ ended: message, remoteStream: null, peerPresent: false });
  }

  private onOnline = () => {
    if (this.socket?.readyState === WebSocket.CLOSED && !this.left && !this.snapshot.ended) {
      clearTimeout(this.retryTimer);
      void this.reconnect();
    }
    this.link?.restartIce();
  };

  private onMessage(message: RoomServerMessage): void {
    if (message.type === "welcome") this.welcome(message.connection, message.code);
    else if (message.type === "peer") this.onPeer(message.present, message.connection);
    else if (message.type === "signal") void this.onSignal(message.data);
    else if (message.type === "code") Y.applyUpdate(this.options.doc, fromBase64(message.update), FROM_SERVER);
    else if (message.type === "error") this.update({ notice: message.message });
    else this.update({ ended: message.message });
  }

  /** Takes the saved document, and sends back what was typed here while the connection was down. */
  private welcome(connection: string, code: string): void {
    this.me = connection;
    this.attempt = 0;
    // The other person sees this as a new connection and calls it anew; so does this side.
    this.peer = undefined;
    this.link?.close();
    this.link = undefined;
    this.update({ remoteStream: null, peerPresent: false });
    const saved = fromBase64(code);
    Y.applyUpdate(this.options.doc, saved, FROM_SERVER);
    const missing = Y.diffUpdate(Y.encodeStateAsUpdate(this.options.doc), Y.encodeStateVectorFromUpdate(saved));
    // An empty update is two zero bytes: no structs, no deletions.
    if (missing.length > 2) this.sendCode(missing);
    this.update({ connection: this.everConnected ? "reconnecting" : "connecting" });
  }

  private onPeer(present: boolean, connection: string): void {
    if (present && connection !== this.peer) this.meet(connection);
    else if (!present && connection === this.peer) {
      this.peer = undefined;
      this.link?.close();
      this.link = undefined;
      this.update({
        peerPresent: false,
        remoteStream: null,
        connection: this.everConnected ? "reconnecting" : "connecting",
      });
    }
  }

  /** The other person's connection (new, or back after a reload): a new call to it. */
  private meet(connection: string): void {
    this.peer = connection;
    this.link?.close();
    this.link = new PeerLink(this.options.rtc, this.options.media, this.options.role === "student", {
      signal: (signal) => this.sendSignal(signal),
      remoteStream: (stream) => this.update({ remoteStream: stream }),
      state: (state) => {
        if (state === "connected") this.everConnected = true;
        if (state === "connected") this.update({ connection: "connected" });
        else if (state === "disconnected" || state === "failed") this.update({ connection: "reconnecting" });
      },
    });
    this.update({ peerPresent: true, connection: this.everConnected ? "reconnecting" : "connecting" });
  }

  private async onSignal(data: Record<string, unknown>): Promise<void> {
    if (data.to !== this.me || typeof data.from !== "string") return;
    if (data.from !== this.peer) this.meet(data.from);
    try {
      await this.link?.receive(data as unknown as PeerSignal);
    } catch {
      // A stale candidate or description from a connection just replaced; the next negotiation follows.
    }
  }

  private sendSignal(signal: PeerSignal): void {
    this.send({ type: "signal", data: { ...signal, from: this.me, to: this.peer } });
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== FROM_SERVER) this.sendCode(update);
  };

  private sendCode(update: Uint8Array): void {
    this.send({ type: "code", update: toBase64(update) });
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
