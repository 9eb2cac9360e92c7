/** Recordings and replays (docs/privacy.md, Recordings): their errors and their screens' texts. */
export const RECORDING_MESSAGES = {
  notYours: "Only the student and the interviewer of this session, and admins, can see its recordings.",
  studentDeletes: "Only the student of this session can delete its replay.",
  askForInterviewer: "Only the interviewer can ask to record the session.",
  answerForStudent: "Only the student can answer a request to record.",
  alreadyAnswered: "The student has already answered the request to record this session.",
  notAsked: "The interviewer has not asked to record this session.",
  notConsented: "Recording needs the student's consent first.",
  alreadyUploading: "Your recording of this session is already being uploaded.",
  notWebm: "A recording must be a WebM video.",
  badRange: "That part of the recording does not exist.",
  uploadNotFound: "That upload no longer exists. Start recording again.",
  badMetadata: "Say which session the recording belongs to.",
  recording: "Recording",
  askToRecord: "Ask to record",
  askSent: "Asked the student to record this session…",
  askQuestion: (interviewer: string) =>
    `${interviewer} asks to record this session so you can watch the replay. Each of you records your own camera and microphone.`,
  accept: "Allow recording",
  decline: "Don't record",
  declined: "The student chose not to record this session.",
  uploadFailed: "The recording could not be uploaded. Check your connection; the replay may miss your side.",
  watchReplay: "Watch the replay",
  replayTitle: "Replay",
  deleteReplay: "Delete the replay",
  deleteReplayConfirm: "Delete both recordings of this session? This cannot be undone.",
  replayNotReady: "The replay is not ready yet: a recording is still uploading.",
  noReplay: "This session was not recorded.",
} as const;

/** Resumes uploaded as files (docs/privacy.md, Resumes). */
export const RESUME_FILE_MESSAGES = {
  notPdf: "Upload your resume as a PDF file.",
  tooLarge: "Your resume must be 5 MB or smaller.",
  notFound: "This resume no longer exists.",
  notYours: "Only the student, their interviewers and admins can open this resume.",
  uploadLabel: "Upload your resume (PDF, up to 5 MB)",
  uploaded: "Resume uploaded. Your interviewers will see it.",
} as const;
