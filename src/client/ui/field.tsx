import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

/** `id`, when given, is the control's: a page hydrated in steps needs ids that do not depend on the order (ui/tabs.tsx). */
type FieldExtras = { label: string; error?: string | undefined; hint?: ReactNode; id?: string | undefined };

/** What every control of a field carries: its id, its state and descriptions for assistive technology, its look. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

const CONTROL_CLASS =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700";

/**
 * A labelled field: the label, the control (given its props), then the hint and the error, which the
 * control's `aria-describedby` points at. The three wrappers below differ only in the control.
 */
function Field({
  id: givenId,
  label,
  error,
  hint,
  className = "",
  control,
}: FieldExtras & { className?: string | undefined; control: (props: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: `${CONTROL_CLASS} ${className}`,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  id,
  type = "text",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & FieldExtras) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => <input {...control} type={type} {...props} />}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldExtras) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => <textarea {...control} {...props} />}
    />
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & FieldExtras) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(control) => <select {...control} {...props} />}
    />
  );
}
