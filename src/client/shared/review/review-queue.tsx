import { useState } from "react";
import { PROGRAMME_MESSAGES } from "../../../shared/messages.js";
import type { ReviewQueueItem } from "../../../shared/schemas/programme.js";
import { formatDayLabel, formatInstant } from "../../../shared/time.js";
import type { ApiError } from "../../lib/api.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { Button } from "../../ui/button.js";
import { TextAreaField } from "../../ui/field.js";
import { useReviewQueue } from "./get-review-queue.js";
import { useReviewSubmission } from "./review-submission.js";

/** Submissions to review, oldest first, each with its thread and a decision with a comment. */
export function ReviewQueueList({
  zone,
  zoneLabel,
  also = [],
}: {
  zone: string;
  zoneLabel: string;
  also?: readonly (readonly unknown[])[];
}) {
  const queue = useReviewQueue();
  if (queue.isPending) return <Spinner label="Loading submissions…" />;
  if (queue.isError) return <Alert tone="error">{queue.error.message}</Alert>;
  const items = queue.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="text-slate-700">Nothing is waiting for your review.</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-4">
        {items.map((item) => (
          <ReviewItem key={item.id} item={item} zone={zone} zoneLabel={zoneLabel} also={also} />
        ))}
      </ul>
      {queue.hasNextPage && (
        <Button variant="secondary" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
          {queue.isFetchingNextPage ? "Loading…" : "Show more"}
        </Button>
      )}
    </div>
  );
}

function ReviewItem({
  item,
  zone,
  zoneLabel,
  also,
}: {
  item: ReviewQueueItem;
  zone: string;
  zoneLabel: string;
  also: readonly (readonly unknown[])[];
}) {
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string>();
  const review = useReviewSubmission(also);
  const decide = (decision: "approved" | "changes_requested") => {
    if (decision === "changes_requested" && !comment.trim()) return setProblem(PROGRAMME_MESSAGES.commentRequired);
    setProblem(undefined);
    review.mutate({ id: item.id, decision, comment: comment.trim() });
  };
  const error = review.error as ApiError | null;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">
        {item.studentName}: {item.title}
      </h3>
      <p className="text-sm text-slate-700">
        Handed in {formatInstant(item.submittedAt, zone, zoneLabel)}
        {item.dueDate && ` · due ${formatDayLabel(item.dueDate)}`}
        {item.late && <span className="ml-2 rounded bg-amber-100 px-1.5 font-semibold text-amber-900">Late</span>}
      </p>
      <p className="break-all text-sm">
        <a href={item.url} target="_blank" rel="noreferrer" className="text-brand-800 underline">
          {item.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {item.comments.map((c) => (
        <p key={c.id} className="text-sm text-slate-800">
          <span className="font-medium">{c.authorName}:</span> {c.body}
        </p>
      ))}
      <TextAreaField
        label={`Comment for ${item.studentName}`}
        rows={2}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={problem}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => decide("approved")} disabled={review.isPending}>
          Approve
        </Button>
        <Button variant="secondary" onClick={() => decide("changes_requested")} disabled={review.isPending}>
          Request changes
        </Button>
      </div>
    </li>
  );
}
