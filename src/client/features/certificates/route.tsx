import { Link, useParams } from "react-router";
import { CERTIFICATE_MESSAGES, DATA_RIGHTS_MESSAGES } from "../../../shared/messages.js";
import { certificateHeading, type PublicCertificate } from "../../../shared/schemas/certificates.js";
import { ApiError } from "../../lib/api.js";
import { useClientConfig } from "../../shared/session/get-config.js";
import { Alert, Spinner } from "../../ui/alert.js";
import { useCertificate } from "./api/get-certificate.js";

/** Public check of a certificate by its code (docs/product.md, After the session): anyone with the link can open it. */
export default function CertificateRoute() {
  const { code = "" } = useParams();
  const certificate = useCertificate(code);
  const config = useClientConfig();
  const zone = config.data?.timeZone ?? "Asia/Kolkata";

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Link to="/" className="rounded text-lg font-bold text-brand-800">
            CareerPrep
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl p-6">
        <h1 className="text-2xl font-bold text-slate-900">Certificate check</h1>
        <p className="mt-1 text-slate-700">
          Code <span className="font-mono font-semibold">{code}</span>
        </p>
        <div className="mt-6">
          {certificate.isPending && <Spinner label="Checking the certificate…" />}
          {certificate.isError &&
            (certificate.error instanceof ApiError && certificate.error.status === 404 ? (
              <Alert tone="error">
                <p className="font-semibold">{CERTIFICATE_MESSAGES.pageNotFound}</p>
                <p>{certificate.error.message}</p>
              </Alert>
            ) : (
              <Alert tone="error">{certificate.error.message}</Alert>
            ))}
          {certificate.data?.status === "revoked" && (
            <Alert tone="error">
              <p className="font-semibold">{CERTIFICATE_MESSAGES.pageRevoked}</p>
              <p>
                {CERTIFICATE_MESSAGES.revokedNotice(
                  certificate.data.holderRemoved ? undefined : certificate.data.recipientName,
                  certificate.data.title,
                )}
              </p>
            </Alert>
          )}
          {certificate.data?.status === "valid" && <ValidCertificate certificate={certificate.data} zone={zone} />}
        </div>
      </main>
    </div>
  );
}

const actionClass = "inline-flex min-h-11 items-center rounded-lg px-4 py-2 text-sm font-semibold";

/** A valid certificate: to whom, for what (completion or attendance, and with what), when; PDF and LinkedIn. */
function ValidCertificate({ certificate, zone }: { certificate: PublicCertificate; zone: string }) {
  const issuedOn = new Intl.DateTimeFormat("en-IN", { timeZone: zone, day: "numeric", month: "long", year: "numeric" });
  return (
    <article className="rounded-2xl border-4 border-double border-brand-700 bg-white p-8 text-center shadow-sm">
      <p className="inline-flex rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
        {CERTIFICATE_MESSAGES.pageVerified}
      </p>
      <p className="mt-4 text-sm tracking-wide text-slate-700 uppercase">
        {certificateHeading(certificate.course, certificate.kind)}
      </p>
      <dl className="mt-6 space-y-4">
        <div>
          <dt className="text-sm text-slate-700">Issued to</dt>
          {certificate.holderRemoved ? (
            <dd className="text-base text-slate-700">{DATA_RIGHTS_MESSAGES.erasedHolder}</dd>
          ) : (
            <dd className="text-3xl font-bold text-slate-900">{certificate.recipientName}</dd>
          )}
        </div>
        <div>
          <dt className="text-sm text-slate-700">For</dt>
          <dd className="text-xl font-semibold text-slate-900">{certificate.title}</dd>
          {certificate.details && <dd className="text-slate-800">{certificate.details}</dd>}
        </div>
        <div>
          <dt className="text-sm text-slate-700">Issued on</dt>
          <dd className="font-semibold text-slate-900">{issuedOn.format(new Date(certificate.issuedAt))}</dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href={`/api/certificates/${encodeURIComponent(certificate.code)}/pdf`}
          download
          className={`${actionClass} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Download PDF
        </a>
        {certificate.linkedInUrl && !certificate.holderRemoved && (
          <a
            href={certificate.linkedInUrl}
            target="_blank"
            rel="noreferrer"
            className={`${actionClass} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}
          >
            Add to LinkedIn<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
