// What other modules may read of this one's data (docs/architecture.md, Modules); they never import its repository.

export type { BookingSession, BookingSubject, StudentSession } from "./repository.js";
export {
  batchEndAt,
  batchStartAt,
  findBookingSession,
  findBookingSessions,
  findBookingSubjects,
  findStudentSessions,
} from "./repository.js";
