import { useSearchParams } from "react-router";
import { DOMAINS, type Domain } from "../../../shared/constants.js";
import { PRACTICE_MESSAGES } from "../../../shared/messages.js";
import { SignInPanels } from "../../shared/auth/sign-in-dialog.js";
import { useMe } from "../../shared/session/get-me.js";
import { SiteHeader } from "../../shared/site-header/site-header.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { type PracticeFilters as Filters, usePracticeQuestions } from "./api/get-practice-questions.js";
import { PracticeFilters } from "./components/practice-filters.js";
import { PracticeTimer } from "./components/practice-timer.js";
import { QuestionCard } from "./components/question-card.js";

/** The practice bank by domain and topic, with the 15-minute timer (docs/product.md, Dashboard). */
export default function PracticeRoute() {
  const me = useMe();
  return (
    <div className="min-h-dvh bg-slate-50">
      <SiteHeader />
      <main className="mx-auto max-w-4xl space-y-4 p-4">
        <h1 className="text-2xl font-bold text-slate-900">Practice questions</h1>
        {me.isPending ? (
          <Spinner label="Loading…" />
        ) : me.data?.user ? (
          <Practice />
        ) : (
          <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="mb-4 text-slate-700">Sign in to practise and keep track of the questions you have done.</p>
            <SignInPanels callbackURL="/practice" />
          </div>
        )}
      </main>
    </div>
  );
}

/** The filters live in the address, so a reload or a shared link shows the same questions. */
function useFiltersInAddress(): [Filters, (next: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get("domain") as Domain | null;
  const filters: Filters = {
    domain: requested && DOMAINS.includes(requested) ? requested : "sde",
    topic: params.get("topic") ?? "",
    difficulty: params.get("difficulty") ?? "",
    savedOnly: params.get("saved") === "true",
  };
  const setFilters = (next: Filters) => {
    const entries = {
      domain: next.domain,
      topic: next.topic,
      difficulty: next.difficulty,
      saved: next.savedOnly ? "true" : "",
    };
    setParams(Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== "")), { replace: true });
  };
  return [filters, setFilters];
}

function Practice() {
  const [filters, setFilters] = useFiltersInAddress();
  return (
    <>
      <p className="text-slate-700">Pick a domain and a topic, start the timer and answer out loud.</p>
      <PracticeFilters filters={filters} onChange={setFilters} />
      <PracticeTimer domain={filters.domain as Domain} />
      <QuestionList filters={filters} />
    </>
  );
}

function QuestionList({ filters }: { filters: Filters }) {
  const questions = usePracticeQuestions(filters);
  if (questions.isPending) return <Spinner label="Loading questions…" />;
  if (questions.isError) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{questions.error.message || PRACTICE_MESSAGES.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void questions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const shown = questions.data.pages.flatMap((page) => page.questions);
  const total = questions.data.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="practice-list-title" className="space-y-3">
      <h2 id="practice-list-title" className="text-lg font-semibold text-slate-900">
        {total === 1 ? "1 question" : `${total} questions`}
      </h2>
      {total === 0 && <p className="text-slate-700">{PRACTICE_MESSAGES.noQuestions}</p>}
      <ul className="space-y-3">
        {shown.map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
      </ul>
      {questions.hasNextPage && (
        <Button
          variant="secondary"
          disabled={questions.isFetchingNextPage}
          onClick={() => void questions.fetchNextPage()}
        >
          {questions.isFetchingNextPage ? "Loading…" : `Show more (${shown.length} of ${total})`}
        </Button>
      )}
    </section>
  );
}
