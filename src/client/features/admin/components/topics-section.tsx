import { type FormEvent, useState } from "react";
import type { CatalogItemDto } from "../../../../shared/schemas/catalog.js";
import { issuesByField } from "../../../../shared/schemas/first-issue.js";
import { rupeesFromText } from "../../../../shared/schemas/pricing.js";
import { TOPIC_KINDS, type TopicKind, topicInputSchema, topicLabelSchema } from "../../../../shared/schemas/topics.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useAddTopic } from "../api/add-topic.js";
import { useRemoveTopic } from "../api/remove-topic.js";
import { useRenameTopic } from "../api/rename-topic.js";

const KIND_LABELS: Record<TopicKind, string> = { workshop: "Workshop topic", internship: "Internship track" };

/** Workshop topics and internship tracks (docs/decisions/0400-topics-and-tracks-as-data.md): add, rename, remove. */
export function TopicsSection({ items }: { items: readonly CatalogItemDto[] }) {
  const topics = items.filter((item) => item.key.startsWith("ws_") || item.key.startsWith("int_"));
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-900">Workshop topics and internship tracks</h3>
      <p className="text-sm text-slate-700">
        The catalog, the landing page and booking list these. A topic or track that sessions, batches or bookings use
        can be renamed or made unavailable, not removed.
      </p>
      <ul className="grid gap-2 md:grid-cols-2">
        {topics.map((item) => (
          <TopicRow key={item.key} item={item} />
        ))}
      </ul>
      <AddTopicForm />
    </div>
  );
}

function TopicRow({ item }: { item: CatalogItemDto }) {
  const rename = useRenameTopic();
  const remove = useRemoveTopic();
  const [label, setLabel] = useState(item.label);
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = topicLabelSchema.safeParse(label);
    setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) rename.mutate({ key: item.key, label: parsed.data });
  };
  const error = problem ?? rename.error?.message ?? remove.error?.message;
  return (
    <li>
      <form
        noValidate
        onSubmit={submit}
        aria-label={`Topic ${item.label}`}
        className="space-y-2 rounded-xl border border-slate-300 bg-white p-3"
      >
        <TextField label={`Name of ${item.label}`} value={label} onChange={(e) => setLabel(e.target.value)} />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={rename.isPending}>
            Rename<span className="sr-only"> {item.label}</span>
          </Button>
          <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(item.key)}>
            Remove<span className="sr-only"> {item.label}</span>
          </Button>
        </div>
      </form>
    </li>
  );
}

function AddTopicForm() {
  const add = useAddTopic();
  const [kind, setKind] = useState<TopicKind>("workshop");
  const [label, setLabel] = useState("");
  const [price, setPrice] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = topicInputSchema.safeParse({ kind, label, priceRupees: rupeesFromText(price), available: true });
    setProblems(parsed.success ? {} : issuesByField(parsed.error));
    if (parsed.success)
      add.mutate(parsed.data, {
        onSuccess: () => {
          setLabel("");
          setPrice("");
        },
      });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a topic or track"
      className="grid gap-3 rounded-xl border border-slate-300 bg-white p-3 md:grid-cols-4 md:items-end"
    >
      <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as TopicKind)}>
        {TOPIC_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <TextField label="Name" value={label} error={problems.label} onChange={(e) => setLabel(e.target.value)} />
      <TextField
        label="Price (₹)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={price}
        error={problems.priceRupees}
        onChange={(e) => setPrice(e.target.value)}
      />
      <Button type="submit" disabled={add.isPending}>
        Add
      </Button>
      {add.error && (
        <div className="md:col-span-4">
          <Alert tone="error">{add.error.message}</Alert>
        </div>
      )}
    </form>
  );
}
