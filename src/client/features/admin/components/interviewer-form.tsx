import { type FormEvent, useState } from "react";
import { COMPANY_TYPES, DOMAINS } from "../../../../shared/constants.js";
import { ADMIN_MESSAGES } from "../../../../shared/messages.js";
import { firstIssue } from "../../../../shared/schemas/first-issue.js";
import {
  type InterviewerForm as Form,
  type InterviewerDto,
  interviewerInputSchema,
  type PhoneOwner,
  phoneOwnerSchema,
} from "../../../../shared/schemas/interviewers.js";
import { ApiError } from "../../../lib/api.js";
import { TextField } from "../../../ui/field.js";
import { useAddInterviewer } from "../api/add-interviewer.js";
import { useEditInterviewer } from "../api/edit-interviewer.js";
import { AdminForm } from "./admin-form.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { DomainCheckboxes } from "./domain-checkboxes.js";

type TextKey = "name" | "email" | "phone" | "qualification" | "reviewedBy";
const EMPTY = {
  name: "",
  email: "",
  phone: "",
  qualification: "",
  reviewedBy: "",
  companyTypes: [],
  domains: [...DOMAINS],
} satisfies Form;
const TYPE_LABELS = { service: "Service-based", product: "Product-based", maang: "MAANG" } as const;

/** The interviewer who already has the phone, from a 409 DUPLICATE_PHONE. */
function phoneOwnerOf(error: unknown): PhoneOwner | undefined {
  if (!(error instanceof ApiError) || error.code !== "DUPLICATE_PHONE") return undefined;
  const parsed = phoneOwnerSchema.safeParse(error.details);
  return parsed.success ? parsed.data : undefined;
}

/** Add or edit an interviewer with the rules and messages of docs/product.md, Interviewers, checked before sending. */
export function InterviewerForm({
  editing,
  onDone,
  onEditOther,
}: {
  editing: InterviewerDto | undefined;
  onDone: () => void;
  /** Opens the interviewer who has the phone in the edit form (when students are booked with them). */
  onEditOther: (id: string) => void;
}) {
  const add = useAddInterviewer();
  const edit = useEditInterviewer();
  const save = editing ? edit : add;
  const [form, setForm] = useState<Form>(() => (editing ? { ...editing } : EMPTY));
  const [problem, setProblem] = useState<string>();
  const [owner, setOwner] = useState<PhoneOwner>();
  const set = (key: TextKey) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const types = form.companyTypes ?? [];

  const finished = () => {
    setForm(EMPTY);
    setOwner(undefined);
    onDone();
  };
  const send = (overwrite: boolean) => {
    if (editing) {
      edit.mutate({ id: editing.id, form }, { onSuccess: finished });
      return;
    }
    add.mutate(
      { ...form, overwrite },
      { onSuccess: finished, onError: (error) => setOwner(overwrite ? undefined : phoneOwnerOf(error)) },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = interviewerInputSchema.safeParse(form);
    setProblem(parsed.success ? undefined : firstIssue(parsed.error));
    if (parsed.success) send(false);
  };

  // On add, a taken phone opens the overwrite question instead of an error line.
  const error = problem ?? (owner ? undefined : save.error?.message);
  return (
    <AdminForm
      label={editing ? "Edit interviewer" : "Add interviewer"}
      heading={editing ? `Edit ${editing.name}` : "Add interviewer"}
      error={error}
      pending={save.isPending}
      submitLabel={editing ? "Save changes" : "Add interviewer"}
      onSubmit={submit}
      onCancel={editing ? onDone : undefined}
    >
      <TextField label="Name" autoComplete="off" value={form.name} onChange={set("name")} />
      <TextField label="Email" type="email" autoComplete="off" value={form.email} onChange={set("email")} />
      <TextField label="Phone" type="tel" autoComplete="off" value={form.phone} onChange={set("phone")} />
      <TextField label="Qualification" value={form.qualification} onChange={set("qualification")} />
      <TextField label="Reviewed By" value={form.reviewedBy} onChange={set("reviewedBy")} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Company types</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {COMPANY_TYPES.map((type) => (
            <label key={type} className="flex min-h-8 items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) =>
                  setForm((f) => ({
                    ...f,
                    companyTypes: event.target.checked ? [...types, type] : types.filter((t) => t !== type),
                  }))
                }
              />
              {TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <DomainCheckboxes
        value={form.domains ?? [...DOMAINS]}
        onChange={(domains) => setForm((f) => ({ ...f, domains }))}
      />
      {owner && (
        <ConfirmDialog
          title="This phone number is already taken"
          confirmLabel={owner.upcomingBookings > 0 ? "Edit that interviewer" : "Overwrite"}
          pending={add.isPending}
          error={undefined}
          onConfirm={() => (owner.upcomingBookings > 0 ? onEditOther(owner.id) : send(true))}
          onClose={() => {
            setOwner(undefined);
            add.reset();
          }}
        >
          <p>An interviewer with this phone already exists:</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3">
            <dt className="font-medium">Name</dt>
            <dd>{owner.name}</dd>
            <dt className="font-medium">E-mail</dt>
            <dd className="break-all">{owner.email}</dd>
            <dt className="font-medium">Phone</dt>
            <dd>{owner.phone}</dd>
          </dl>
          <p className="mt-2">
            {owner.upcomingBookings > 0
              ? ADMIN_MESSAGES.overwriteHasBookings(owner.name, owner.upcomingBookings)
              : ADMIN_MESSAGES.overwriteQuestion}
          </p>
        </ConfirmDialog>
      )}
    </AdminForm>
  );
}
