import { type FormEvent, useState } from "react";
import { standupInputSchema } from "../../../../shared/schemas/programme.js";
import type { ApiError } from "../../../lib/api.js";
import { Button } from "../../../ui/button.js";
import { TextAreaField } from "../../../ui/field.js";
import { usePostStandup } from "../api/post-standup.js";
import { useNotice } from "./notice.js";

/** The weekly check-in: done, next, blockers. */
export function StandupForm({ bookingId, week }: { bookingId: string; week: number }) {
  const [fields, setFields] = useState({ done: "", next: "", blockers: "" });
  const [problem, setProblem] = useState<{ field: string; message: string }>();
  const post = usePostStandup(bookingId);
  const notify = useNotice();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = standupInputSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem({ field: String(issue?.path[0] ?? "done"), message: issue?.message ?? "" });
      return;
    }
    setProblem(undefined);
    post.mutate(parsed.data, {
      onSuccess: () => {
        setFields({ done: "", next: "", blockers: "" });
        notify(`Standup for week ${week} posted.`);
      },
    });
  };
  const field = (name: keyof typeof fields, label: string) => (
    <TextAreaField
      label={label}
      rows={2}
      value={fields[name]}
      onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      error={problem?.field === name ? problem.message : undefined}
    />
  );
  const error = post.error as ApiError | null;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={`Standup for week ${week}`}>
      {field("done", "What did you do?")}
      {field("next", "What is next?")}
      {field("blockers", "Anything blocking you? (optional)")}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={post.isPending}>
        {post.isPending ? "Posting…" : "Post standup"}
      </Button>
    </form>
  );
}
