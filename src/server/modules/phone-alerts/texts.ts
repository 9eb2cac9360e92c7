import type { PhoneAlertKind } from "../../config.js";

/**
 * The text of each kind of news, as registered: on DLT for SMS (the variables are `{#var#}` there)
 * and as the WhatsApp template's body (`{{1}}`, `{{2}}`…), in the order of `variables`
 * (docs/operations.md, News on the phone). Changing a text means registering it again.
 */
export const PHONE_ALERT_TEXTS: Record<PhoneAlertKind, (v: string[]) => string> = {
  waitlist_offer: ([title, until, link]) =>
    `CareerPrep: a seat in ${title} is held for you until ${until}. Pay before then to keep it: ${link}`,
  reminder: ([title, when, link]) => `CareerPrep: your ${title} starts in 1 hour, at ${when}. Join from ${link}`,
  session_moved: ([title, from, to]) =>
    `CareerPrep: your ${title} moved from ${from} to ${to}. If it does not suit you, cancel from your dashboard for a full refund.`,
  session_cancelled: ([title, when]) =>
    `CareerPrep: we had to cancel your ${title} on ${when}. Your full refund is on its way.`,
};
