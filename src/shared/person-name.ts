import { isVisibleLine } from "./plain-text.js";

/**
 * A person's name as we may show it (docs/product.md, Profile: a name before anything official):
 * the profile's first and last name; else the account's name (Google gives one) unless it is only
 * the e-mail's user part ("arjun40003"), which is not a name; else "".
 */
export function personName(person: {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  accountName?: string | null | undefined;
  email?: string | null | undefined;
}): string {
  const profile = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (profile) return profile;
  const account = person.accountName?.trim() ?? "";
  const local = person.email?.split("@")[0]?.toLowerCase() ?? "";
  if (!account || account.toLowerCase() === local || account.toLowerCase() === person.email?.toLowerCase()) return "";
  // An identity provider's name is not checked by our forms: one with hidden characters is no name.
  return isVisibleLine(account) ? account : "";
}

/** The profile's full name only: what certificates print. "" when either part is missing. */
export function profileFullName(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim();
  const last = lastName?.trim();
  return first && last ? `${first} ${last}` : "";
}
