import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { OTP_LENGTH, PHONE_DEFAULT_PREFIX, PHONE_MIN_DIGITS } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { normalizePhone, profileSchema } from "../../../../shared/schemas/booking.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { SelectField, TextField } from "../../../ui/field.js";
import { useProfile, useSaveProfile, useSendOtp, useVerifyOtp } from "../../profile/api/profile.js";

/** Step 3 (spec §2, §5): every field valid, phone verified by code, payment confirmed; then Finish. */
export function ProfileStep() {
  const navigate = useNavigate();
  const profile = useProfile(true);
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const save = useSaveProfile();
  const existing = profile.data?.profile;
  const [form, setForm] = useState({
    firstName: existing?.firstName ?? "",
    lastName: existing?.lastName ?? "",
    qualification: existing?.qualification ?? "",
    status: existing?.status ?? "",
    phone: existing?.phone ?? PHONE_DEFAULT_PREFIX,
  });
  const [code, setCode] = useState("");
  const [codeSentTo, setCodeSentTo] = useState<string>();

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const parsed = profileSchema.safeParse(form);
  const fieldError = (key: keyof typeof form) =>
    form[key] === "" || (key === "phone" && form.phone === PHONE_DEFAULT_PREFIX)
      ? undefined
      : parsed.error?.issues.find((i) => i.path[0] === key)?.message;
  const phoneKey = normalizePhone(form.phone);
  const verified = profile.data?.verifiedPhones.includes(phoneKey) ?? false;
  const paid = profile.data?.paid ?? false;
  const canSend = form.phone.trim().length >= PHONE_MIN_DIGITS && !verified;
  const canFinish = parsed.success && verified && paid && !save.isPending;

  const finish = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(parsed.data, { onSuccess: () => navigate("/dashboard") });
  };

  return (
    <form onSubmit={finish} noValidate className="space-y-4">
      <h2 className="text-xl font-semibold">Complete your profile</h2>
      {!paid && profile.isSuccess && <Alert tone="error">{MESSAGES.paymentRequired}</Alert>}
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
        <SelectField label="Status" value={form.status} onChange={set("status")} required>
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
          hint={verified ? "Verified" : "We send a 6-digit code to verify it."}
        />
        <Button
          variant="secondary"
          disabled={!canSend || sendOtp.isPending}
          onClick={() => sendOtp.mutate(form.phone, { onSuccess: () => setCodeSentTo(phoneKey) })}
        >
          {sendOtp.isPending ? MESSAGES.sending : "Send OTP"}
        </Button>
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
      {verified && (
        <p role="status" className="text-sm font-medium text-green-800">
          Phone verified.
        </p>
      )}
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      <Button type="submit" disabled={!canFinish} className="w-full sm:w-auto">
        {MESSAGES.finishButton}
      </Button>
    </form>
  );
}
