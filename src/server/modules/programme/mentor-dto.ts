import type { InternshipTrack } from "../../../shared/constants.js";
import type { InterviewersTable } from "../../db/schema.js";

/** An interviewer as the console's mentor list shows them. */
export const mentorDto = (row: InterviewersTable) => ({
  id: row.id,
  name: row.name,
  trackKey: (row.mentor_track as InternshipTrack | null) ?? null,
});
