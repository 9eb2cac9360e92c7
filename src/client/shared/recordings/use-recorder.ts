import { useEffect, useState } from "react";
import { Upload } from "tus-js-client";
import { RECORDING_UPLOAD_PATH } from "../../../shared/schemas/recordings.js";

export type RecorderState = "idle" | "recording" | "finishing" | "saved" | "failed";

/**
 * Small chunks, so little is sent again after a dropped connection, and little is lost to a
 * reload (what arrived is kept as the recording's earlier part; about half a second waits here).
 */
const CHUNK_BYTES = 64 * 1024;
/** Keeps retrying for about three minutes: a phone that loses the network for a minute loses nothing. */
const RETRY_DELAYS_MS = [0, 1000, 2000, 4000, ...Array.from({ length: 36 }, () => 5000)];

function recorderMimeType(): string {
  const wanted = ["video/webm;codecs=vp8,opus", "video/webm"];
  return wanted.find((type) => MediaRecorder.isTypeSupported(type)) ?? "video/webm";
}

/** A network failure (no answer) or a server's temporary one is retried; a refusal (4xx) is not. */
function shouldRetry(err: { originalResponse: { getStatus(): number } | null }): boolean {
  const status = err.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/**
 * Records this person's own camera and microphone (MediaRecorder, WebM) while `active`, and
 * uploads it as it is recorded over tus, resuming after a dropped connection; stops (and sends
 * the last bytes) when no longer active or when the room is left.
 */
export function useRecorder(bookingId: string, media: MediaStream | null, active: boolean): RecorderState {
  const [state, setState] = useState<RecorderState>("idle");
  useEffect(() => {
    if (!active || !media || typeof MediaRecorder === "undefined") return;
    const recorder = new MediaRecorder(media, { mimeType: recorderMimeType(), videoBitsPerSecond: 1_000_000 });
    let pending = Promise.resolve();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const bytes = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    recorder.ondataavailable = (event) => {
      pending = pending.then(async () => controller?.enqueue(new Uint8Array(await event.data.arrayBuffer())));
    };
    recorder.onstop = () => {
      setState("finishing");
      pending = pending.then(() => controller?.close());
    };
    const upload = new Upload(bytes.getReader(), {
      endpoint: RECORDING_UPLOAD_PATH,
      uploadLengthDeferred: true,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      onShouldRetry: shouldRetry,
      metadata: { bookingId },
      storeFingerprintForResuming: false,
      onSuccess: () => setState("saved"),
      onError: () => setState("failed"),
    });
    upload.start();
    recorder.start(1000);
    setState("recording");
    return () => {
      if (recorder.state !== "inactive") recorder.stop();
    };
  }, [bookingId, media, active]);
  return state;
}
