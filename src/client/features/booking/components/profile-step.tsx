import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { PHONE_DEFAULT_PREFIX } from "../../../../shared/constants.js";
import { MESSAGES } from "../../../../shared/messages.js";
import { PhoneVerification } from "../../../shared/profile/phone-verification.js";
import { useProfile, useSaveProfile } from "../../../shared/profile/profile.js";
import { ProfileFields } from "../../../shared/profile/profile-fields.js";
import { useProfileForm } from "../../../shared/profile/use-profile-form.js";
import { Alert } from "../../../ui/alert.js";
import { Button } from "../../../ui/button.js";

/** Step 3 (docs/product.md, Profile): every field valid, phone verified by code, payment confirmed; then Finish. */
export function ProfileStep() {
  const navigate = useNavigate();
  const profile = useProfile();
  const save = useSaveProfile();
  const { form, change, parsed, issueOf, verified } = useProfileForm(
    profile.data?.profile,
    profile.data?.verifiedPhones,
  );
  const fieldError = (key: keyof typeof form) =>
    form[key] === "" || (key === "phone" && form.phone === PHONE_DEFAULT_PREFIX) ? undefined : issueOf(key);
  const paid = profile.data?.paid ?? false;
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
