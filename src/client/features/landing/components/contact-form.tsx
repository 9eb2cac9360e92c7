import { type FormEvent, useRef, useState } from "react";
import { CONTACT_MESSAGES, MESSAGES } from "../../../../shared/messages.js";
import { ApiError } from "../../../lib/api.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { TextAreaField, TextField } from "../../../ui/field.js";
import { sendContactMessage } from "../api/send-contact-message.js";

type Field = "name" | "email" | "subject" | "message";
const FIELDS: readonly Field[] = ["name", "email", "subject", "message"];
const EMPTY: Record<Field, string> = { name: "", email: "", subject: "", message: "" };

/**
 * The contact form (docs/product.md, Landing page): checked with the server's schema, 'Sending…' while it posts,
 * 'Message sent!' after. Unlike the old app a failure is shown, and what was typed stays. The schema (with Zod) is
 * loaded when the form is sent, so it stays out of the script the landing page needs to show and hydrate.
 */
export default function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [send, setSend] = useState<{ status: "idle" | "pending" | "success" } | { status: "error"; error: Error }>({
    status: "idle",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.status === "pending") return;
    const { contactMessageSchema } = await import("../../../../shared/schemas/contact.js");
    const parsed = contactMessageSchema.safeParse({ ...values, website: honeypot });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = FIELDS.find((f) => next[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSend({ status: "pending" });
    try {
      await sendContactMessage(parsed.data);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      if (error instanceof ApiError && error.field && FIELDS.includes(error.field as Field)) {
        setErrors({ [error.field]: error.message });
      }
      setSend({ status: "error", error });
      return;
    }
    setValues(EMPTY);
    setHoneypot("");
    setSend({ status: "success" });
    requestAnimationFrame(() => sentRef.current?.focus());
  };

  if (send.status === "success") {
    return (
      <div className="flex min-h-[30rem] flex-col items-center justify-center gap-4 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
        <h3 ref={sentRef} tabIndex={-1} className="text-2xl font-bold text-green-800">
          {MESSAGES.contactSent}
        </h3>
        <p className="text-slate-700">Thank you. We will get back to you by e-mail soon.</p>
        <Button variant="secondary" onClick={() => setSend({ status: "idle" })}>
          {MESSAGES.contactSendAnother}
        </Button>
      </div>
    );
  }

  const field = (name: Field) => ({
    // Its own ids, not useId's: this section is hydrated after the top of the page (hydrate-later.tsx).
    id: `contact-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const failure = send.status === "error" && !(send.error instanceof ApiError && send.error.field) ? send.error : null;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Contact us"
      className="relative space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" required {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" required {...field("email")} />
      </div>
      <TextField label="Subject" required {...field("subject")} />
      <TextAreaField label="Message" rows={5} required {...field("message")} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </label>
      </div>
      {failure && (
        <Alert tone="error">
          <p className="font-semibold">{CONTACT_MESSAGES.sendFailed}</p>
          <p>
            {failure.message} {CONTACT_MESSAGES.typedTextKept}
          </p>
        </Alert>
      )}
      <Button type="submit" disabled={send.status === "pending"} className="w-full sm:w-auto">
        {send.status === "pending" ? MESSAGES.sending : "Send message"}
      </Button>
    </form>
  );
}
