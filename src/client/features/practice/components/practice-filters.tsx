import {
  DOMAIN_LABELS,
  DOMAINS,
  PRACTICE_DIFFICULTIES,
  PRACTICE_DIFFICULTY_LABELS,
} from "../../../../shared/constants.js";
import { SelectField } from "../../../ui/field.js";
import type { PracticeFilters as Filters } from "../api/get-practice-questions.js";
import { usePracticeTopics } from "../api/get-practice-topics.js";

/** Domain, topic, difficulty and saved-only; a new domain starts from all of its topics. */
export function PracticeFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const topics = usePracticeTopics();
  const domainTopics = (topics.data?.topics ?? []).filter((t) => t.domain === filters.domain);
  return (
    <form
      aria-label="Filter questions"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label="Domain"
        value={filters.domain}
        onChange={(event) => onChange({ ...filters, domain: event.target.value, topic: "" })}
      >
        {DOMAINS.map((domain) => (
          <option key={domain} value={domain}>
            {DOMAIN_LABELS[domain]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Topic"
        value={filters.topic}
        onChange={(event) => onChange({ ...filters, topic: event.target.value })}
      >
        <option value="">All topics</option>
        {domainTopics.map((t) => (
          <option key={t.topic} value={t.topic}>
            {t.topic} ({t.questions})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Difficulty"
        value={filters.difficulty}
        onChange={(event) => onChange({ ...filters, difficulty: event.target.value })}
      >
        <option value="">Any difficulty</option>
        {PRACTICE_DIFFICULTIES.map((difficulty) => (
          <option key={difficulty} value={difficulty}>
            {PRACTICE_DIFFICULTY_LABELS[difficulty]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Show"
        value={filters.savedOnly ? "saved" : "all"}
        onChange={(event) => onChange({ ...filters, savedOnly: event.target.value === "saved" })}
      >
        <option value="all">All questions</option>
        <option value="saved">Saved questions</option>
      </SelectField>
    </form>
  );
}
