/**
 * The interview room's own texts (docs/product.md, The interview room): its errors and its page. Apart from
 * messages.ts so that only the room's chunk carries them (docs/decisions/0350-interview-room.md).
 */
export const ROOM_MESSAGES = {
  notYours: "This room is for the student and the interviewer of this session only.",
  notOpenYet: (opensAt: string) => `The room is not open yet. It opens at ${opensAt}.`,
  closed: "This session has ended and its room is closed.",
  cancelled: "This session was cancelled or moved, so this room is closed.",
  notesForInterviewer: "Only the interviewer can see and write notes.",
  codeTooLarge: "The code is too large to save. Keep it under 200 KB.",
  messageRefused: "The room could not read that message. Reload the page if this keeps happening.",
  signedOut: "You signed out, so you left the room.",
  badCursor: "That page link is not valid. Open the notes again.",
  openedElsewhere: "You opened this room in another tab or device, so it was closed here.",
  joinRoom: "Join the room",
  leave: "Leave",
  mute: "Mute",
  unmute: "Unmute",
  cameraOff: "Camera off",
  cameraOn: "Camera on",
  waitingForPeer: (name: string) => `Waiting for ${name} to join…`,
  connecting: "Connecting…",
  connected: "Connected",
  reconnecting: "Connection lost. Reconnecting…",
  permissionDenied:
    "Your browser blocked the camera and microphone. Allow them for this site in the address bar, then try again.",
  noDevice: "No camera or microphone was found. Plug one in, or join without video.",
  deviceBusy: "Your camera or microphone is in use by another app. Close it, then try again.",
  joinWithoutMedia: "Join without camera and microphone",
  left: "You left the room.",
  rejoin: "Rejoin",
  noteSaved: "Note saved",
  notesEmpty: "No notes yet. They are private: the student sees only what you put in the scorecard.",
  resume: "Student's resume",
  noResume: "The student has not added a resume to their profile.",
} as const;
