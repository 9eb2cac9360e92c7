import { SelectField, TextField } from "../../ui/field.js";

export interface ProfileFieldValues {
  firstName: string;
  lastName: string;
  qualification: string;
  status: string;
}

/** The profile fields (docs/product.md, Profile), for the booking flow's last step and the dashboard's Profile tab. */
export function ProfileFields({
  values,
  onChange,
  errorOf,
}: {
  values: ProfileFieldValues;
  onChange: (key: keyof ProfileFieldValues, value: string) => void;
  errorOf: (key: keyof ProfileFieldValues) => string | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(e) => onChange("firstName", e.target.value)}
        error={errorOf("firstName")}
        required
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(e) => onChange("lastName", e.target.value)}
        error={errorOf("lastName")}
        required
      />
      <TextField
        label="Qualification"
        placeholder="B.Tech CSE, 2026"
        value={values.qualification}
        onChange={(e) => onChange("qualification", e.target.value)}
        error={errorOf("qualification")}
        required
      />
      <SelectField
        label="Status"
        value={values.status}
        onChange={(e) => onChange("status", e.target.value)}
        error={errorOf("status")}
        required
      >
        <option value="">Choose…</option>
        <option value="inprogress">Studying (in progress)</option>
        <option value="completed">Graduated (completed)</option>
      </SelectField>
    </div>
  );
}
