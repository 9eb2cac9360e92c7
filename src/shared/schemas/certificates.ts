import { z } from "zod";

export const CERTIFICATE_KINDS = ["workshop", "internship"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CERTIFICATE_KIND_LABELS: Record<CertificateKind, string> = {
  workshop: "Workshop certificate of attendance",
  internship: "Internship certificate of completion",
};

/** What anyone holding the code may see (docs/product.md, After the session: a public page to check a certificate). */
export const publicCertificateSchema = z.object({
  code: z.string(),
  recipientName: z.string(),
  title: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  issuedAt: z.string(),
  status: z.enum(["valid", "revoked"]),
  revokedAt: z.string().nullable(),
  /** The holder deleted their account: the certificate stays verifiable, without a name. */
  holderRemoved: z.boolean(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;

/** Certificate codes look like CP-7KQ2-M9XD-4HTA-PW3B: 80 random bits, no look-alike letters. */
export const CERTIFICATE_CODE_PATTERN = /^CP(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;
