import { useState } from "react";
import { MESSAGES } from "../../../../shared/messages.js";
import type { InterviewerDto } from "../../../../shared/schemas/interviewers.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { useDeleteInterviewer } from "../api/delete-interviewer.js";
import { useInterviewers } from "../api/get-interviewers.js";
import { useToggleInterviewer } from "../api/toggle-interviewer.js";
import { ActionMenu } from "./action-menu.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { domainsText } from "./domain-checkboxes.js";
import { InterviewerForm } from "./interviewer-form.js";
import { SectionLayout } from "./section-layout.js";

/** The add form and the list by name (docs/product.md, Interviewers), Active/Inactive pill, menu with edit and delete. */
export function InterviewersSection() {
  const interviewers = useInterviewers();
  const toggle = useToggleInterviewer();
  const remove = useDeleteInterviewer();
  const [editing, setEditing] = useState<InterviewerDto>();
  const [deleting, setDeleting] = useState<InterviewerDto>();

  return (
    <SectionLayout id="interviewers" title="Interviewers">
      <div className="grid items-start gap-6 lg:grid-cols-[24rem_1fr]">
        <InterviewerForm
          key={editing?.id ?? "new"}
          editing={editing}
          onDone={() => setEditing(undefined)}
          onEditOther={(id) => setEditing(interviewers.data?.find((i) => i.id === id))}
        />
        <div className="space-y-3">
          {interviewers.isPending && <Spinner label="Loading interviewers…" />}
          {interviewers.isError && <Alert tone="error">{interviewers.error.message}</Alert>}
          {toggle.isError && <Alert tone="error">{toggle.error.message}</Alert>}
          {interviewers.data?.length === 0 && <p className="text-slate-700">No interviewers yet. Add the first one.</p>}
          <ul
            aria-label="Interviewers by name"
            className="divide-y divide-slate-200 rounded-xl border border-slate-300 bg-white"
          >
            {interviewers.data?.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{i.name}</p>
                  <p className="break-words text-sm text-slate-700">
                    {i.email} · {i.phone}
                  </p>
                  <p className="text-sm text-slate-700">
                    {i.qualification} · {i.companyTypes.join(", ")} · {domainsText(i.domains)} · reviewed by{" "}
                    {i.reviewedBy}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={() => toggle.mutate(i.id)}
                    aria-label={`${i.name}: ${i.active ? "Active" : "Inactive"}. Switch to ${i.active ? "Inactive" : "Active"}`}
                    className={`min-h-8 rounded-full px-3 text-xs font-semibold ${i.active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
                  >
                    {i.active ? "Active" : "Inactive"}
                  </button>
                  <ActionMenu
                    label="Actions"
                    about={i.name}
                    actions={[
                      { label: "Edit", onSelect: () => setEditing(i) },
                      { label: "Delete", danger: true, onSelect: () => setDeleting(i) },
                    ]}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {deleting && (
        <ConfirmDialog
          title={MESSAGES.deleteInterviewerConfirm}
          confirmLabel="Delete interviewer"
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                if (editing?.id === deleting.id) setEditing(undefined);
                setDeleting(undefined);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDeleting(undefined);
          }}
        >
          {deleting.name} ({deleting.email}). Their slots keep the name, e-mail and phone they were given.
        </ConfirmDialog>
      )}
    </SectionLayout>
  );
}
