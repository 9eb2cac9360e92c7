import { MAGIC_LINK_TTL_MINUTES } from "../../../shared/constants.js";
import { escapeHtml, layoutEmail } from "../mail/layout.js";
import type { MailMessage } from "../mail/message.js";

export function magicLinkEmail(to: string, url: string): MailMessage {
  const text = [
    "Hi,",
    "",
    "Use this link to sign in to CareerPrep:",
    url,
    "",
    `The link works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
  ].join("\n");
  const html = layoutEmail(
    "Sign in to CareerPrep",
    `<p>Use this link to sign in to CareerPrep:</p>
     <p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#4338ca;color:#fff;border-radius:8px;text-decoration:none">Sign in</a></p>
     <p style="font-size:13px;color:#555">The link works once and expires in ${MAGIC_LINK_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
  );
  return { to, subject: "Your CareerPrep sign-in link", text, html };
}
