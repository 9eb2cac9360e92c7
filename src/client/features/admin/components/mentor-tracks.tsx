import type { InternshipTrack } from "../../../../shared/constants.js";
import { useCatalogTopics } from "../../../shared/catalog/get-catalog.js";
import { Spinner } from "../../../ui/alert.js";
import { SelectField } from "../../../ui/field.js";
import { useMentors } from "../api/get-mentors.js";
import { useSetMentorTrack } from "../api/set-mentor-track.js";
import { AdminError } from "./admin-error.js";

/** Which interviewers mentor which internship track (new students are matched among them). */
export function MentorTracks() {
  const mentors = useMentors();
  const setTrack = useSetMentorTrack();
  const tracks = useCatalogTopics("int_");
  return (
    <section aria-labelledby="mentor-tracks" className="space-y-2">
      <h3 id="mentor-tracks" className="text-lg font-semibold text-slate-900">
        Mentors
      </h3>
      {mentors.isPending && <Spinner label="Loading interviewers…" />}
      {mentors.isError && <AdminError error={mentors.error} />}
      {setTrack.error && <AdminError error={setTrack.error} />}
      <ul className="grid gap-2 sm:grid-cols-2">
        {mentors.data?.map((m) => (
          <li key={m.id}>
            <SelectField
              label={`${m.name} mentors`}
              value={m.trackKey ?? ""}
              onChange={(e) =>
                setTrack.mutate({ id: m.id, trackKey: (e.target.value || null) as InternshipTrack | null })
              }
            >
              <option value="">Not a mentor</option>
              {(tracks.data ?? []).map((track) => (
                <option key={track.key} value={track.key}>
                  {track.label}
                </option>
              ))}
            </SelectField>
          </li>
        ))}
      </ul>
    </section>
  );
}
