import { CERTIFICATE_MESSAGES, DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import { certificateHeading, type PublicCertificate } from "../../../shared/schemas/certificates.js";
import type { AppDeps } from "../../app-deps.js";
import { escapeHtml } from "../../infrastructure/mail/layout.js";
import { PREVIEW_SIZE } from "./preview-image.js";
import { findCertificateByCode } from "./repository.js";
import { toPublicCertificate } from "./service.js";

const SITE = "CareerPrep";

/** What a link preview of the public page says: what the page itself shows, nothing more. */
interface Preview {
  title: string;
  description: string;
}

export function formatIssuedOn(issuedAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-IN", { timeZone, day: "numeric", month: "long", year: "numeric" }).format(
    new Date(issuedAt),
  );
}

function previewOf(certificate: PublicCertificate, timeZone: string): Preview {
  // An erased holder (docs/decisions/0181-erasure-keeps-the-accounts.md) is named nowhere, previews included.
  const name = certificate.holderRemoved ? undefined : certificate.recipientName;
  if (certificate.status === "revoked") {
    return {
      title: `${CERTIFICATE_MESSAGES.pageRevoked}: ${certificate.title}`,
      description: CERTIFICATE_MESSAGES.revokedNotice(name, certificate.title),
    };
  }
  const issued = `${certificateHeading(certificate.course, certificate.kind)}, issued on ${formatIssuedOn(certificate.issuedAt, timeZone)}.`;
  return name
    ? { title: `${name}: ${certificate.title}`, description: `${name} · ${certificate.title}. ${issued}` }
    : { title: certificate.title, description: `${certificate.title}. ${issued} ${DATA_RIGHTS_MESSAGES.erasedHolder}` };
}

const meta = (attribute: "name" | "property", key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * The head of the public certificate page, in the HTML itself because link previews (WhatsApp, LinkedIn, X)
 * run no script: its title, Open Graph and Twitter card tags. `found` is false for an unknown code, whose page
 * gets a plain title and names no one.
 */
export async function certificatePageHead(deps: AppDeps, code: string): Promise<{ found: boolean; head: string }> {
  const row = await findCertificateByCode(deps.db, code.trim().toUpperCase());
  // Shared by link, not listed: a holder's name is not made searchable by this page.
  const robots = meta("name", "robots", "noindex");
  if (!row) return { found: false, head: `<title>${CERTIFICATE_MESSAGES.pageNotFound} · ${SITE}</title>\n${robots}` };
  const certificate = toPublicCertificate(row, deps.config);
  const { title, description } = previewOf(certificate, deps.config.timeZone);
  const page = `${deps.config.publicUrl}/certificates/${encodeURIComponent(certificate.code)}`;
  const tags = [
    `<title>${escapeHtml(`${title} · ${SITE}`)}</title>`,
    meta("name", "description", description),
    robots,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", SITE),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", `${page}`),
    meta("property", "og:image", `${page}/preview.png`),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", String(PREVIEW_SIZE.width)),
    meta("property", "og:image:height", String(PREVIEW_SIZE.height)),
    meta("property", "og:image:alt", `${title}. ${description}`),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:image", `${page}/preview.png`),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
  ];
  return { found: true, head: tags.join("\n") };
}
