import { z } from "zod";

/** What was certified: a workshop or an internship (the booking's kind). */
export const CERTIFICATE_COURSES = ["workshop", "internship"] as const;
export type CertificateCourse = (typeof CERTIFICATE_COURSES)[number];

/**
 * What the certificate says it is for (docs/product.md, Internship programme): completion of an
 * internship, or of a workshop whose capstone was approved; attendance of a workshop otherwise.
 */
export const CERTIFICATE_KINDS = ["completion", "attendance"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  completion: "Certificate of completion",
  attendance: "Certificate of attendance",
};

/** The one-line heading of a certificate: "Workshop certificate of attendance", "Internship certificate of completion". */
export const certificateHeading = (course: CertificateCourse, kind: CertificateKind): string =>
  `${course === "workshop" ? "Workshop" : "Internship"} ${CERTIFICATE_KIND_LABELS[kind].toLowerCase()}`;

/** What anyone holding the code may see (docs/product.md, After the session: a public page to check a certificate). */
export const publicCertificateSchema = z.object({
  code: z.string(),
  recipientName: z.string(),
  title: z.string(),
  course: z.enum(CERTIFICATE_COURSES),
  kind: z.enum(CERTIFICATE_KINDS),
  /** What it was earned with, e.g. "Mobile internship · 6 weeks · mentor Ananya Iyer"; null when nothing more. */
  details: z.string().nullable(),
  issuedAt: z.string(),
  status: z.enum(["valid", "revoked"]),
  revokedAt: z.string().nullable(),
  /** The holder deleted their account: the certificate stays verifiable, without a name. */
  holderRemoved: z.boolean(),
  /** LinkedIn's add-to-profile link for this certificate; null once revoked. */
  linkedInUrl: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** Certificate codes look like CP-7KQ2-M9XD-4HTA-PW3B: 80 random bits, no look-alike letters. */
export const CERTIFICATE_CODE_PATTERN = /^CP(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;
