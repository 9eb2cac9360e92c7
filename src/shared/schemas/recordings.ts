import { z } from "zod";

export const recordingBookingParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const recordingParamsSchema = z.object({ recordingId: z.string().min(1).max(64) });

export const recordingParticipantSchema = z.enum(["student", "interviewer"]);
export const recordingStatusSchema = z.enum(["uploading", "uploaded", "ready"]);

/**
 * One part of one person's own recording of a session; `url` plays it (HTTP Range, `video/webm`).
 * A reload during the session starts the next part; the replay plays a person's parts in order.
 */
export const recordingSchema = z
  .object({
    id: z.string(),
    participant: recordingParticipantSchema,
    part: z.number().int().min(1),
    status: recordingStatusSchema,
    durationSeconds: z.number().nullable(),
    contentType: z.string(),
    url: z.string().nullable(),
    /** The part's WebVTT captions, if someone added them; the player keeps them off until chosen. */
    captionsUrl: z.string().nullable(),
  })
  .meta({ id: "Recording" });
export type Recording = z.infer<typeof recordingSchema>;

export const recordingsSchema = z.object({ recordings: z.array(recordingSchema) }).meta({ id: "Recordings" });
export type Recordings = z.infer<typeof recordingsSchema>;

/** The booking's consent to record: asked by the interviewer, answered by the student. */
export const recordingConsentSchema = z
  .object({
    state: z.enum(["not_asked", "asked", "accepted", "declined"]),
    askedAt: z.string().nullable(),
    answeredAt: z.string().nullable(),
    /** When either person stopped recording; nothing more is recorded in this session. */
    stoppedAt: z.string().nullable(),
  })
  .meta({ id: "RecordingConsent" });
export type RecordingConsentState = z.infer<typeof recordingConsentSchema>;

export const recordingAnswerSchema = z.object({ accept: z.boolean() });

/** The tus upload's metadata (`Upload-Metadata`): which session the recording belongs to. */
export const RECORDING_UPLOAD_PATH = "/api/recording-uploads";
export const RECORDING_CONTENT_TYPE = "video/webm";
/** Parts one person's recording may have (a reload starts the next one). */
export const RECORDING_MAX_PARTS = 20;

/** Captions of a recording: WebVTT, as the player's `<track>` reads it. */
export const CAPTIONS_CONTENT_TYPE = "text/vtt";
export const CAPTIONS_MAX_BYTES = 512 * 1024;

/** The largest resume PDF a student may upload. */
export const RESUME_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const resumeFileSchema = z
  .object({ id: z.string(), url: z.string(), sizeBytes: z.number().int(), uploadedAt: z.string() })
  .meta({ id: "ResumeFile" });
export type ResumeFile = z.infer<typeof resumeFileSchema>;
