import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { PHONE_DEFAULT_PREFIX } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import type { ProfileResponse } from "../../../../shared/schemas/booking.js";
import { PhoneVerification } from "../../../shared/profile/phone-verification.js";
import { useProfile, useSaveProfile } from "../../../shared/profile/profile.js";
import { ProfileFields } from "../../../shared/profile/profile-fields.js";
import { useProfileForm } from "../../../shared/profile/use-profile-form.js";
import { useMe } from "../../../shared/session/get-me.js";
import { Alert, Spinner } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

/**
 * A name from the account (Google gives one) fills an empty profile; a name that is only the
 * e-mail's user part ("arjun40003") is not a person's name and is left out.
 */
function nameFromAccount(name: string | undefined, email: string | undefined) {
  const parts = (name ?? "").trim().split(/\s+/);
  const local = email?.split("@")[0]?.toLowerCase();
  if (parts.length < 2 || !parts[0] || (name ?? "").toLowerCase() === local) return undefined;
  return { firstName: parts[0], lastName: parts.slice(1).join(" ") };
}

/** Step 3 (docs/product.md, Profile): pre-filled with what we have; every field valid, phone verified, payment confirmed. */
export function ProfileStep() {
  const profile = useProfile();
  const me = useMe();
  if (profile.isPending || me.isPending) return <Spinner label="Loading your profile…" />;
  if (profile.isError) return <Alert tone="error">{profile.error.message}</Alert>;
  const saved = profile.data.profile;
  const fromAccount = saved ? undefined : nameFromAccount(me.data?.user?.name, me.data?.user?.email);
  return <ProfileForm data={profile.data} saved={saved ?? fromAccount} />;
}

function ProfileForm({
  data,
  saved,
}: {
  data: ProfileResponse;
  saved: Partial<NonNullable<ProfileResponse["profile"]>> | undefined;
}) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const { form, change, parsed, issueOf, verified } = useProfileForm(saved, data.verifiedPhones);
  const fieldError = (key: keyof typeof form) =>
    form[key] === "" || (key === "phone" && form.phone === PHONE_DEFAULT_PREFIX) ? undefined : issueOf(key);
  const paid = data.paid;
  const canFinish = parsed.success && verified && paid && !save.isPending;

  const finish = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(parsed.data, { onSuccess: () => navigate("/dashboard") });
  };

  return (
    <form onSubmit={finish} noValidate className="space-y-4">
      <h2 className="text-xl font-semibold">Complete your profile</h2>
      {!paid && <Alert tone="error">{MESSAGES.paymentRequired}</Alert>}
      <ProfileFields values={form} onChange={change} errorOf={fieldError} />
      <PhoneVerification
        phone={form.phone}
        onPhoneChange={(phone) => change("phone", phone)}
        phoneError={fieldError("phone")}
        verified={verified}
        canVerify
        hint="We send a 6-digit code to verify it."
      />
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
