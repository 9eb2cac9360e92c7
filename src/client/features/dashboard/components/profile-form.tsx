import { type FormEvent, useState } from "react";
import { MESSAGES } from "../../../../shared/messages.js";
import { normalizePhone, type ProfileResponse } from "../../../../shared/schemas/booking.js";
import { PhoneVerification } from "../../../shared/profile/phone-verification.js";
import { useProfile, useSaveProfile } from "../../../shared/profile/profile.js";
import { ProfileFields } from "../../../shared/profile/profile-fields.js";
import { useProfileForm } from "../../../shared/profile/use-profile-form.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";
import { Panel } from "./panel.js";

/** Edit the profile; a new phone number is saved only after its OTP is verified (docs/product.md, Profile). */
export function ProfileForm() {
  const profile = useProfile();
  return (
    <Panel title="Profile details">
      {profile.isPending && <Spinner label="Loading your profile…" />}
      {profile.isError && <Alert tone="error">{profile.error.message}</Alert>}
      {profile.data && <ProfileEditor data={profile.data} />}
    </Panel>
  );
}

function ProfileEditor({ data }: { data: ProfileResponse }) {
  const saved = data.profile;
  const save = useSaveProfile();
  const { form, change: setField, parsed, issueOf, phoneKey, verified } = useProfileForm(saved, data.verifiedPhones);
  const [submitted, setSubmitted] = useState(false);

  const change = (key: keyof typeof form, value: string) => {
    save.reset();
    setField(key, value);
  };
  const fieldError = (key: keyof typeof form) => (submitted || form[key] !== "" ? issueOf(key) : undefined);
  const phoneChanged = !saved || normalizePhone(saved.phone) !== phoneKey;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success && verified) save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {!data.paid && <Alert tone="error">{MESSAGES.paymentRequired}</Alert>}
      <ProfileFields values={form} onChange={change} errorOf={fieldError} />
      <PhoneVerification
        phone={form.phone}
        onPhoneChange={(phone) => change("phone", phone)}
        phoneError={fieldError("phone")}
        verified={verified}
        canVerify={phoneChanged}
        hint="A new number needs a 6-digit code sent to it."
      />
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
