import { type FormEvent, useState } from "react";
import { OTP_LENGTH, PHONE_DEFAULT_PREFIX, PHONE_MIN_DIGITS } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { normalizePhone, type ProfileResponse, profileSchema } from "../../../../shared/schemas/booking.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useProfile, useSaveProfile, useSendOtp, useVerifyOtp } from "../../profile/api/profile.js";
import { Panel } from "./panel.js";

/** Edit the profile; a new phone number is saved only after its OTP is verified (spec §5). */
export function ProfileForm() {
  const profile = useProfile();
  return (
    <Panel title="Profile details">
      {profile.isPending && <Spinner label="Loading your profile…" />}
      {profile.isError && <Alert tone="error">{profile.error.message}</Alert>}
      {profile.data && <ProfileFields data={profile.data} />}
    </Panel>
  );
}

function ProfileFields({ data }: { data: ProfileResponse }) {
  const saved = data.profile;
  const save = useSaveProfile();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const [form, setForm] = useState({
    firstName: saved?.firstName ?? "",
    lastName: saved?.lastName ?? "",
    qualification: saved?.qualification ?? "",
    status: saved?.status ?? "",
    phone: saved?.phone ?? PHONE_DEFAULT_PREFIX,
  });
  const [code, setCode] = useState("");
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    save.reset();
    setForm((f) => ({ ...f, [key]: e.target.value }));
  };
  const parsed = profileSchema.safeParse(form);
  const fieldError = (key: keyof typeof form) =>
    submitted || form[key] !== "" ? parsed.error?.issues.find((i) => i.path[0] === key)?.message : undefined;
  const phoneKey = normalizePhone(form.phone);
  const phoneChanged = !saved || normalizePhone(saved.phone) !== phoneKey;
  const verified = data.verifiedPhones.includes(phoneKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success && verified) save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {!data.paid && <Alert tone="error">{MESSAGES.paymentRequired}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={form.firstName}
          onChange={set("firstName")}
          error={fieldError("firstName")}
          required
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={form.lastName}
          onChange={set("lastName")}
          error={fieldError("lastName")}
          required
        />
        <TextField
          label="Qualification"
          placeholder="B.Tech CSE, 2026"
          value={form.qualification}
          onChange={set("qualification")}
          error={fieldError("qualification")}
          required
        />
        <SelectField label="Status" value={form.status} onChange={set("status")} error={fieldError("status")} required>
          <option value="">Choose…</option>
          <option value="inprogress">Studying (in progress)</option>
          <option value="completed">Graduated (completed)</option>
        </SelectField>
      </div>
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={set("phone")}
          error={fieldError("phone") ?? (sendOtp.isError ? sendOtp.error.message : undefined)}
          hint={verified ? "Verified" : "A new number needs a 6-digit code sent to it."}
        />
        {phoneChanged && !verified && (
          <Button
            variant="secondary"
            disabled={form.phone.trim().length < PHONE_MIN_DIGITS || sendOtp.isPending}
            onClick={() => sendOtp.mutate(form.phone, { onSuccess: () => setCodeSentTo(phoneKey) })}
          >
            {sendOtp.isPending ? MESSAGES.sending : "Send OTP"}
          </Button>
        )}
      </div>
      {codeSentTo === phoneKey && !verified && (
        <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            error={verifyOtp.isError ? verifyOtp.error.message : undefined}
          />
          <Button
            variant="secondary"
            disabled={code.length !== OTP_LENGTH || verifyOtp.isPending}
            onClick={() => verifyOtp.mutate({ phone: form.phone, code })}
          >
            Verify
          </Button>
        </div>
      )}
      {phoneChanged && verified && (
        <p role="status" className="text-sm font-medium text-green-800">
          Phone verified. Save to use it.
        </p>
      )}
      {submitted && !verified && parsed.success && <Alert tone="error">{MESSAGES.phoneNotVerified}</Alert>}
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      {save.isSuccess && <Alert tone="success">Profile saved.</Alert>}
      <Button type="submit" disabled={save.isPending || !data.paid}>
        {save.isPending ? "Saving…" : "Save profile"}
      </Button>
    </form>
  );
}
