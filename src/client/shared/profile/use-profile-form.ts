import { useState } from "react";
import { PHONE_DEFAULT_PREFIX } from "../../../shared/constants.js";
import { normalizePhone, type ProfileResponse, profileSchema } from "../../../shared/schemas/booking.js";

/** The saved profile, or what we know before there is one (a name from the account). */
type Saved = Partial<NonNullable<ProfileResponse["profile"]>> | null | undefined;

/**
 * The profile form's state, for the booking flow's last step and the dashboard's Profile tab: the
 * values (from the saved profile), the schema's verdict, the first problem of a field, and whether
 * the phone as typed has been verified by code.
 */
export function useProfileForm(saved: Saved, verifiedPhones: readonly string[] = []) {
  const [form, setForm] = useState({
    firstName: saved?.firstName ?? "",
    lastName: saved?.lastName ?? "",
    qualification: saved?.qualification ?? "",
    status: saved?.status ?? "",
    phone: saved?.phone ?? PHONE_DEFAULT_PREFIX,
  });
  type Key = keyof typeof form;
  const change = (key: Key, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const parsed = profileSchema.safeParse(form);
  const issueOf = (key: Key) => parsed.error?.issues.find((i) => i.path[0] === key)?.message;
  const phoneKey = normalizePhone(form.phone);
  return { form, change, parsed, issueOf, phoneKey, verified: verifiedPhones.includes(phoneKey) };
}
